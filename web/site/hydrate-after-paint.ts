/**
 * The only script a public page names: it loads the page's own scripts once
 * the server-rendered HTML has been painted, not before.
 *
 * The HTML is the whole page (its links work, its form posts without
 * JavaScript); the scripts only hydrate it. Named in the document's head,
 * they would compete with the stylesheet, the fonts and the hero picture for
 * the first bytes of a slow connection, and their evaluation would sit
 * before the first paint. Fetched here, after the first frame, the page is
 * on screen first and interactive a moment later.
 *
 * The server writes what to load on this script's element:
 * `data-hydrate` (the entry) and `data-preload` (its chunks and the page's
 * own, space-separated), see server/site/document.ts.
 */
const element = document.querySelector<HTMLScriptElement>('script[data-hydrate]');

function loadPageScripts(): void {
  const entry = element?.dataset.hydrate;
  if (!entry) return;
  const preload = (element.dataset.preload ?? '').split(' ').filter(Boolean);
  // Preloaded side by side with the entry instead of one after another as its imports are read.
  for (const href of preload) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    document.head.append(link);
  }
  const script = document.createElement('script');
  script.type = 'module';
  script.src = entry;
  document.head.append(script);
}

// A module script runs once the document is parsed and its stylesheet is in;
// the frame after that is the first paint, and the timeout runs after it. A
// page opened in a background tab paints nothing until shown: it loads at once.
if (document.visibilityState === 'hidden') loadPageScripts();
else requestAnimationFrame(() => setTimeout(loadPageScripts, 0));

// Loaded as a module (`type="module"`: deferred, after the stylesheet); it exports nothing.
export {};
