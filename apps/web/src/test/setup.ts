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
const styleCalcule = window.getComputedStyle.bind(window);
window.getComputedStyle = (element: Element) => styleCalcule(element);

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
