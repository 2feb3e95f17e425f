import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { takeContractViolations } from './api-contract';

// Screens load lazily (their chunks are transformed on first import) and the machine running the tests
// is shared, so waiting for a screen gets more than the default second, and screen tests more time.
configure({ asyncUtilTimeout: 5_000 });
vi.setConfig({ testTimeout: 30_000 });

// jsdom lays nothing out and lacks browser calls Ariakit makes: CSS.supports (while a modal dialog locks
// the page's scrolling), checkVisibility (to pick what to focus, and whether focus may go back to the
// button that opened a dialog) and scrollIntoView (a combobox keeps its active item in view). Answered
// once for every test, as a browser would for rendered elements: visible unless inside something hidden.
if (typeof CSS.supports !== 'function') {
  Object.defineProperty(CSS, 'supports', { configurable: true, value: () => false });
}
if (typeof Element.prototype.checkVisibility !== 'function') {
  Element.prototype.checkVisibility = function checkVisibility(this: Element) {
    return this.closest('[hidden]') === null;
  };
}
if (typeof Element.prototype.scrollIntoView !== 'function') {
  Element.prototype.scrollIntoView = () => {};
}

afterEach(() => {
  cleanup();
  // Screen tests stub fetch (mockFetch) and the permissions store caches in localStorage: each test
  // starts clean.
  vi.unstubAllGlobals();
  localStorage.clear();
  // A fake answer computed during the test that the server would never give (test/api-contract.ts).
  const violations = takeContractViolations();
  if (violations.length > 0) throw new Error(violations.join('\n'));
});
