import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import '../lib/dates';

// antd in jsdom renders slowly on a busy machine (CI runs every suite at once on two cores): the
// queries that wait for the screen wait up to 10 s rather than 1 s.
configure({ asyncUtilTimeout: 10_000 });

// As in index.html, where the server writes BASE_PATH into <base href>.
const base = document.createElement('base');
base.href = '/';
document.head.append(base);

// jsdom lacks what antd measures and observes with.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }),
});
window.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

/**
 * jsdom computes a style by matching every rule of every sheet, and antd injects some 1 800 rules:
 * the accessibility checks of `getByRole` (is it hidden? what is its name?) spent four fifths of the
 * web suite's time there. What a test can observe of CSS is whether an element is shown and takes the
 * pointer, so styles are computed against the rules that say so, and no others.
 */
type Feuille = { cssRules: ArrayLike<RegleCss> };
type RegleCss = { style?: CSSStyleDeclaration; cssRules?: ArrayLike<RegleCss> };
const PROPRIETES_OBSERVABLES = ['display', 'visibility', 'pointer-events'];
const observable = (regle: RegleCss): boolean =>
  regle.cssRules ? Array.from(regle.cssRules).some(observable) : PROPRIETES_OBSERVABLES.some((p) => regle.style?.getPropertyValue(p));
const listeDesFeuilles = (() => {
  const symbole = Object.getOwnPropertySymbols(document.styleSheets).find((s) => s.description === 'impl')!;
  return (document.styleSheets as unknown as Record<symbol, { _list: Feuille[] }>)[symbole]!;
})();
let feuilleObservable: { signature: string; feuilles: Feuille[] } | undefined;
function feuillesObservables(feuilles: Feuille[]): Feuille[] {
  const signature = feuilles.map((f) => f.cssRules.length).join(',');
  if (feuilleObservable?.signature !== signature) {
    feuilleObservable = { signature, feuilles: [{ cssRules: feuilles.flatMap((f) => Array.from(f.cssRules).filter(observable)) }] };
  }
  return feuilleObservable.feuilles;
}
const styleCalcule = window.getComputedStyle.bind(window);
window.getComputedStyle = (element: Element, pseudo?: string | null) => {
  const toutes = listeDesFeuilles._list;
  listeDesFeuilles._list = feuillesObservables(toutes);
  try {
    return styleCalcule(element, pseudo);
  } finally {
    listeDesFeuilles._list = toutes;
  }
};

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
