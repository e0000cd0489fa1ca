// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HYDRATED_EVENT } from './lib/hydration-signal';

/** The page as the server writes it: the loader's element names the entry and its chunks. */
function writePage({ when = 'intent', body = '<p>Text</p>' } = {}) {
  document.documentElement.lang = 'en';
  document.head.innerHTML = `<script type="module" src="/assets/boot.js" data-hydrate="/assets/site.js" data-preload="/assets/react.js /assets/news.js" data-when="${when}"></script>`;
  document.body.innerHTML = `<div id="root">${body}</div>`;
}

const requested = () => ({
  prefetches: [...document.head.querySelectorAll('link[rel="prefetch"]')].map((link) =>
    link.getAttribute('href'),
  ),
  compiled: [...document.head.querySelectorAll('link[rel="modulepreload"]')].map((link) =>
    link.getAttribute('href'),
  ),
  scripts: [...document.head.querySelectorAll('script:not([data-hydrate])')].map((script) =>
    script.getAttribute('src'),
  ),
});
const hydrating = () => requested().scripts.includes('/assets/site.js');
const element = (selector: string) => document.querySelector(selector) as HTMLElement;

describe('the loader of a public page', () => {
  let frames: FrameRequestCallback[];
  /** The listeners each loaded copy adds to the one document and window, removed after its test. */
  let listeners: [EventTarget, ...Parameters<typeof document.addEventListener>][];

  /** Runs the loader as the page would, then lets the first frame paint. */
  async function load({ paint = true } = {}) {
    await import('./hydrate-on-intent');
    if (!paint) return;
    frames.shift()?.(0);
    vi.runAllTimers();
  }

  beforeEach(() => {
    vi.resetModules();
    vi.useFakeTimers();
    frames = [];
    listeners = [];
    for (const target of [document, window]) {
      const add = target.addEventListener.bind(target);
      vi.spyOn(target, 'addEventListener').mockImplementation((...args) => {
        listeners.push([target, ...args]);
        add(...args);
      });
    }
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => {
      frames.push(callback);
      return frames.length;
    });
    window.history.replaceState(null, '', '/');
    window.localStorage.clear();
    writePage();
  });

  afterEach(() => {
    for (const [target, type, listener, options] of listeners)
      target.removeEventListener(type, listener, options);
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('fetches nothing until the first frame has been painted, then prefetches the entry with its chunks', async () => {
    await load({ paint: false });
    expect(requested()).toEqual({ prefetches: [], compiled: [], scripts: [] });

    // The first frame: rendering has not happened yet when its callbacks run.
    frames.shift()?.(0);
    expect(requested()).toEqual({ prefetches: [], compiled: [], scripts: [] });

    // After that frame's paint: fetched, not compiled nor run.
    vi.runAllTimers();
    expect(requested()).toEqual({
      prefetches: ['/assets/site.js', '/assets/react.js', '/assets/news.js'],
      compiled: [],
      scripts: [],
    });
  });

  it('compiles them ahead once the visitor scrolls, moves or touches, without running them', async () => {
    await load();
    window.dispatchEvent(new Event('scroll'));
    expect(requested().compiled).toEqual([
      '/assets/site.js',
      '/assets/react.js',
      '/assets/news.js',
    ]);
    window.dispatchEvent(new Event('pointermove'));
    expect(requested().compiled).toHaveLength(3);
    expect(hydrating()).toBe(false);
  });

  it('runs the entry on the first key press, once', async () => {
    await load();
    document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab', bubbles: true }));
    expect(requested().scripts).toEqual(['/assets/site.js']);
    expect(element('script[src="/assets/site.js"]')).toHaveProperty('type', 'module');
    document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'a', bubbles: true }));
    expect(requested().scripts).toEqual(['/assets/site.js']);
  });

  it('runs it on a press anywhere but on a link, which simply loads its page', async () => {
    writePage({ body: '<a href="/news">News</a><p>Text</p>' });
    await load();
    element('a').dispatchEvent(new Event('pointerdown', { bubbles: true }));
    expect(hydrating()).toBe(false);
    element('p').dispatchEvent(new Event('pointerdown', { bubbles: true }));
    expect(hydrating()).toBe(true);
  });

  it('runs it when a mouse rests on a button, not on text', async () => {
    writePage({ body: '<p>Text</p><button type="button">Menu</button>' });
    await load();
    element('p').dispatchEvent(new Event('pointerover', { bubbles: true }));
    expect(hydrating()).toBe(false);
    element('button').dispatchEvent(new Event('pointerover', { bubbles: true }));
    expect(hydrating()).toBe(true);
  });

  it('presses a button pressed before hydration again once the page is hydrated', async () => {
    writePage({ body: '<button type="button">Menu</button>' });
    await load();
    const button = element('button');
    const clicks = vi.fn();
    button.addEventListener('click', clicks);

    const early = new MouseEvent('click', { bubbles: true, cancelable: true });
    button.dispatchEvent(early);
    expect(early.defaultPrevented).toBe(true);
    expect(clicks).not.toHaveBeenCalled();
    expect(hydrating()).toBe(true);

    document.dispatchEvent(new Event(HYDRATED_EVENT));
    expect(clicks).toHaveBeenCalledTimes(1);
    // Hydrated: clicks are React's again.
    button.click();
    expect(clicks).toHaveBeenCalledTimes(2);
  });

  it("leaves a form's submit button alone: the form posts without scripts", async () => {
    writePage({ body: '<form action="/contact" method="post"><button>Send</button></form>' });
    await load();
    const submit = new MouseEvent('click', { bubbles: true, cancelable: true });
    document.querySelector('form')!.addEventListener('submit', (event) => event.preventDefault());
    element('button').dispatchEvent(submit);
    expect(submit.defaultPrevented).toBe(false);
  });

  it('runs it after the paint on a page the server marks for it', async () => {
    writePage({ when: 'load' });
    await load();
    expect(requested().scripts).toEqual(['/assets/site.js']);
  });

  it('runs it after the paint when a stored language differs from the one shown', async () => {
    window.localStorage.setItem('language', 'de');
    await load();
    expect(hydrating()).toBe(true);
  });

  it('keeps a language the address names as the choice, without hydrating', async () => {
    window.history.replaceState(null, '', '/de/news');
    document.documentElement.lang = 'de';
    await load();
    expect(window.localStorage.getItem('language')).toBe('de');
    expect(document.cookie).toContain('language=de');
    expect(hydrating()).toBe(false);
  });

  it("runs it when an article's picture fails, so React shows the stand-in", async () => {
    writePage({ body: '<img src="/media/dead.jpg" alt="">' });
    await load();
    element('img').dispatchEvent(new Event('error'));
    expect(hydrating()).toBe(true);
  });

  it('holds the hero video the visitor paused earlier in the visit, and runs it after the paint', async () => {
    const pause = vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => {});
    const hero = '<video class="hero-video" autoplay muted loop></video>';
    writePage({ body: hero });
    await load();
    expect(pause).not.toHaveBeenCalled();
    expect(hydrating()).toBe(false);

    vi.resetModules();
    window.sessionStorage.setItem('heroVideoPaused', '1');
    try {
      writePage({ body: hero });
      await load({ paint: false });
      expect(pause).toHaveBeenCalledOnce();
      expect(hydrating()).toBe(false);
      frames.shift()?.(0);
      vi.runAllTimers();
      expect(hydrating()).toBe(true);
    } finally {
      window.sessionStorage.clear();
    }
  });

  it('puts what was typed into the contact form earlier in the tab back into its empty fields, without hydrating', async () => {
    const contactForm = (values: Record<string, string> = {}) =>
      '<form data-contact-form="" method="post">' +
      ['name', 'email', 'company']
        .map((name) => `<input name="${name}" value="${values[name] ?? ''}">`)
        .join('') +
      `<textarea name="message">${values.message ?? ''}</textarea>` +
      '<input name="extra_comment" value=""></form>';
    const value = (name: string) =>
      (document.querySelector(`[name="${name}"]`) as HTMLInputElement).value;
    const draft = {
      name: 'Ana Silva',
      email: 'ana@example.pt',
      company: '',
      message: 'Hello there!',
    };
    try {
      window.sessionStorage.setItem('contactDraft', JSON.stringify(draft));
      writePage({ body: contactForm() });
      await load({ paint: false });
      expect(['name', 'email', 'company', 'message'].map(value)).toEqual([
        'Ana Silva',
        'ana@example.pt',
        '',
        'Hello there!',
      ]);
      expect(value('extra_comment')).toBe('');
      frames.shift()?.(0);
      vi.runAllTimers();
      expect(hydrating()).toBe(false);

      // The server's answer to a form posted without JavaScript shows what was posted.
      vi.resetModules();
      writePage({ body: contactForm({ name: 'Rui', message: 'Posted text' }) });
      await load();
      expect(['name', 'email', 'message'].map(value)).toEqual(['Rui', '', 'Posted text']);

      // Its thanks for an enquiry taken: the text is forgotten.
      vi.resetModules();
      window.history.replaceState(null, '', '/de/contact?sent=1');
      writePage({ body: contactForm() });
      await load();
      expect(value('name')).toBe('');
      expect(window.sessionStorage.getItem('contactDraft')).toBeNull();
    } finally {
      window.sessionStorage.clear();
    }
  });

  it("shows the controls that need scripts (the hero's Pause) as soon as it runs, before the paint", async () => {
    document.documentElement.removeAttribute('data-scripted');
    await load({ paint: false });
    expect(document.documentElement.hasAttribute('data-scripted')).toBe(true);
    expect(hydrating()).toBe(false);
  });

  it('leaves them hidden on a page that names no entry: nothing would answer them', async () => {
    document.documentElement.removeAttribute('data-scripted');
    document.head.innerHTML = '';
    await load();
    expect(document.documentElement.hasAttribute('data-scripted')).toBe(false);
  });

  it('prefetches at once in a background tab, which paints nothing until shown, and still waits for an intent', async () => {
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    await load({ paint: false });
    expect(frames).toHaveLength(0);
    expect(requested().prefetches).toHaveLength(3);
    expect(hydrating()).toBe(false);
  });

  it('does nothing on a page that names no entry', async () => {
    document.head.innerHTML = '';
    await load();
    document.body.dispatchEvent(new KeyboardEvent('keydown', { bubbles: true }));
    expect(requested()).toEqual({ prefetches: [], compiled: [], scripts: [] });
  });
});
