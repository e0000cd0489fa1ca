// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** The page as the server writes it: the loader's element names the entry and its chunks. */
function writePage() {
  document.head.innerHTML =
    '<script type="module" src="/assets/boot.js" data-hydrate="/assets/site.js" data-preload="/assets/react.js /assets/news.js"></script>';
}

const requested = () => ({
  preloads: [...document.head.querySelectorAll('link[rel="modulepreload"]')].map((link) =>
    link.getAttribute('href'),
  ),
  scripts: [...document.head.querySelectorAll('script:not([data-hydrate])')].map((script) =>
    script.getAttribute('src'),
  ),
});

describe('the loader of a public page', () => {
  let frames: FrameRequestCallback[];

  beforeEach(() => {
    vi.resetModules();
    vi.useFakeTimers();
    frames = [];
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => {
      frames.push(callback);
      return frames.length;
    });
    writePage();
  });

  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('fetches nothing until the first frame has been painted, then the entry with its chunks', async () => {
    await import('./hydrate-after-paint');
    expect(requested()).toEqual({ preloads: [], scripts: [] });

    // The first frame: rendering has not happened yet when its callbacks run.
    frames.shift()?.(0);
    expect(requested()).toEqual({ preloads: [], scripts: [] });

    // After that frame's paint.
    vi.runAllTimers();
    expect(requested()).toEqual({
      preloads: ['/assets/react.js', '/assets/news.js'],
      scripts: ['/assets/site.js'],
    });
    expect(document.head.querySelector('script[src="/assets/site.js"]')).toHaveProperty(
      'type',
      'module',
    );
  });

  it('loads at once in a background tab, which paints nothing until shown', async () => {
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    await import('./hydrate-after-paint');
    expect(frames).toHaveLength(0);
    expect(requested().scripts).toEqual(['/assets/site.js']);
  });

  it('does nothing on a page that names no entry', async () => {
    document.head.innerHTML = '';
    await import('./hydrate-after-paint');
    frames.shift()?.(0);
    vi.runAllTimers();
    expect(requested()).toEqual({ preloads: [], scripts: [] });
  });
});
