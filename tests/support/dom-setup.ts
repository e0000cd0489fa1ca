/**
 * Component tests (the jsdom environment) wait up to 5 s for what they look
 * for, not testing-library's 1 s: on a 2-core machine running the suite
 * beside other work, a form's answer or a lazily loaded screen took longer
 * than a second to render (three tests failed so in one loaded run). A
 * test still fails when the thing never appears; it only waits longer first.
 */
export {};

if (typeof document !== 'undefined') {
  const { configure } = await import('@testing-library/react');
  configure({ asyncUtilTimeout: 5_000 });
}
