/**
 * Every unit file's setup (vitest.config.ts). In the component tests (a DOM environment), Testing
 * Library's `findBy…` and `waitFor` wait up to 5 s instead of 1: the unit tests run beside the
 * browser suite and lint (scripts/test.mjs), where a lazily loaded component took longer than a
 * second to appear. A test that never sees what it waits for still fails.
 */
export {};

if (typeof document !== 'undefined') {
  const { configure } = await import('@testing-library/dom');
  configure({ asyncUtilTimeout: 5_000 });
}
