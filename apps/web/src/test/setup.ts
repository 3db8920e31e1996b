import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import '../lib/dates';

// As in index.html, where the server writes BASE_PATH into <base href>.
const base = document.createElement('base');
base.href = '/';
document.head.append(base);

// jsdom lacks what antd measures and observes with.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false, media: query, onchange: null,
    addListener: () => undefined, removeListener: () => undefined,
    addEventListener: () => undefined, removeEventListener: () => undefined, dispatchEvent: () => false,
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
