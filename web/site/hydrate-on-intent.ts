/**
 * The only script a public page names. The page's scripts are fetched once
 * its HTML has been painted; they are run (React hydrates the page) when the
 * visitor first shows an intent to use it, or at once when the page needs
 * them as soon as it is shown.
 *
 * The HTML is the whole page: its text, pictures and links work, its video
 * plays and its form posts without JavaScript. What hydration adds is the
 * mobile menu, the language menu, the form's checks as the visitor types and
 * navigation without a page load. A visitor who only reads never needs it,
 * and evaluating React and hydrating costs a phone about a second of main
 * thread (docs/decisions/021-hydration-on-intent.md), so:
 *
 * - **After the first paint** the entry and its chunks are prefetched into
 *   the HTTP cache (`prefetch`: fetched at idle priority, neither compiled
 *   nor run, so the main thread stays free). Named in the head, they would
 *   compete with the stylesheet, the fonts and the hero picture. Once the
 *   visitor shows they are there (scrolls, moves a pointer, touches), they
 *   are compiled ahead (`modulepreload`), so their first act waits less.
 * - **Hydration starts** on the first key press, pointer press (not on a
 *   link: a link simply loads its page), keyboard focus, or mouse resting on
 *   a button; right after the paint when the server marks the page
 *   (`data-when="load"`: the not-found page, which records the missed
 *   address when shown), when a stored language differs from the
 *   one shown (applied after hydration, see LanguageSync), when an
 *   article's picture failed (its stand-in is chosen by React), and when the
 *   visitor paused the hero video earlier in the visit (held here at once,
 *   before it starts; hydrating shows its button as Play).
 * - **A button pressed before hydration** is pressed again once it is done
 *   (`site:hydrated`), so the first tap on the menu is not lost. What is
 *   typed into the contact form meanwhile stays in its fields, and the form
 *   takes it over when it hydrates (ContactForm).
 * - **What the visitor typed into the contact form** earlier in the tab
 *   (another language's page, before reading the privacy notice) is put back
 *   into its empty fields at once, without hydrating (contact-draft.ts).
 * - **An address that names a language** (`/de/news`, `?lang=pt`) is kept as
 *   the visitor's choice at once, without hydrating.
 * - **The hero's Pause button** needs scripts: it is shown once this runs
 *   (`data-scripted` on `<html>`, site.css); without JavaScript it would do
 *   nothing. (The header's phone buttons go by `scripting: none` instead: a
 *   panel shown until this runs would move the page.)
 *
 * The server writes what to load on this script's element: `data-hydrate`
 * (the entry), `data-preload` (its chunks and the page's own,
 * space-separated) and `data-when`, see server/site/document.ts.
 */
import { rememberLanguage, storedLanguage } from '../common/language-choice';
import { addressLanguage, languageAfterNavigation, renderedLanguage } from './lib/language';
import { HYDRATED_EVENT, SCRIPTED_ATTRIBUTE } from './lib/hydration-signal';
import { HERO_VIDEO_SELECTOR, heroVideoPaused } from './pages/home/hero-pause';
import { restoreContactDraft } from './pages/contact/contact-draft';

const element = document.querySelector<HTMLScriptElement>('script[data-hydrate]');
const root = document.getElementById('root');
const INTENTS = ['keydown', 'pointerdown', 'focusin', 'pointerover'] as const;
/** Signs that a visitor is there without acting yet. */
const PRESENCE = ['scroll', 'wheel', 'pointermove', 'touchstart'] as const;

let hydrating = false;
/** A button pressed before the page was hydrated: pressed again once it is. */
let pressed: HTMLButtonElement | null = null;

/** The page's entry and the chunks to fetch beside it, as the server wrote them; null for none. */
function readPageScripts(): { entry: string; chunks: string[] } | null {
  const entry = element?.dataset.hydrate;
  if (!entry) return null;
  return { entry, chunks: (element.dataset.preload ?? '').split(' ').filter(Boolean) };
}
const scripts = readPageScripts();

/**
 * Adds a link for each of the page's scripts: `prefetch` fetches them into
 * the HTTP cache at idle priority, neither compiled nor run (the main thread
 * stays free); `modulepreload` has them compiled too (from that cache).
 */
function linkScripts(rel: 'prefetch' | 'modulepreload'): void {
  if (!scripts) return;
  for (const href of [scripts.entry, ...scripts.chunks]) {
    const link = document.createElement('link');
    link.rel = rel;
    link.href = href;
    document.head.append(link);
  }
}

let compiling = false;
/** The visitor is there (scrolls, moves, touches): compile the scripts ahead of their first act. */
function compileAhead(): void {
  if (compiling) return;
  compiling = true;
  for (const type of PRESENCE) window.removeEventListener(type, compileAhead, true);
  linkScripts('modulepreload');
}

/** Runs the entry, which hydrates the page; once. */
function hydrate(): void {
  if (hydrating || !scripts) return;
  hydrating = true;
  for (const type of INTENTS) document.removeEventListener(type, onIntent, true);
  const script = document.createElement('script');
  script.type = 'module';
  script.src = scripts.entry;
  document.head.append(script);
}

const inRoot = (target: EventTarget | null): target is Element =>
  target instanceof Element && !!root?.contains(target);

function onIntent(event: Event): void {
  const target = event.target;
  if (event.type === 'pointerdown' && inRoot(target) && target.closest('a[href]')) return;
  if (event.type === 'pointerover' && !(inRoot(target) && target.closest('button'))) return;
  // Focus that follows a pointer press (on a link) is not a keyboard visitor arriving.
  if (event.type === 'focusin' && !(target instanceof Element && target.matches(':focus-visible')))
    return;
  hydrate();
}

function onClick(event: MouseEvent): void {
  if (!inRoot(event.target)) return;
  const button = event.target.closest('button');
  // A form's submit button works without scripts: the form posts.
  if (!button || (button.form && button.type === 'submit')) return;
  event.preventDefault();
  event.stopImmediatePropagation();
  pressed = button;
  hydrate();
}

function onHydrated(): void {
  document.removeEventListener('click', onClick, true);
  const button = pressed;
  pressed = null;
  if (button?.isConnected) button.click();
}

/** An `error` event's target that is a picture inside the page. */
const isPagePicture = (target: EventTarget | null) =>
  inRoot(target) && target instanceof HTMLImageElement;

/**
 * Keeps a language the address names (`/de/news`, `?lang=pt`) as the
 * visitor's choice; true when instead a stored choice differs from the
 * language shown, which LanguageSync applies once hydrated.
 */
function settleLanguage(): boolean {
  const next = languageAfterNavigation({
    address: addressLanguage(window.location.pathname, window.location.search),
    current: renderedLanguage(document),
    stored: storedLanguage(window.localStorage),
  });
  if (next && !next.reload) rememberLanguage(next.language);
  return next?.reload ?? false;
}

/** Whether a picture of the page has already failed (before this script ran). */
const hasFailedPicture = () =>
  [...(root?.querySelectorAll('img') ?? [])].some((img) => img.complete && img.naturalWidth === 0);

/** Holds the hero video the visitor paused earlier in the visit (before it autoplays); true if so. */
function holdPausedHero(): boolean {
  const video = root?.querySelector<HTMLVideoElement>(HERO_VIDEO_SELECTOR);
  if (!video || !heroVideoPaused()) return false;
  video.pause();
  return true;
}

function start(): void {
  if (!scripts) return;
  // First, before the clip can start: a pause from earlier in the visit holds.
  const heldHero = holdPausedHero();
  restoreContactDraft(root, window.location.search);
  // The buttons that need scripts (the hero's Pause) work from now on: show them.
  document.documentElement.setAttribute(SCRIPTED_ATTRIBUTE, '');
  for (const type of INTENTS) document.addEventListener(type, onIntent, true);
  document.addEventListener('click', onClick, true);
  document.addEventListener(HYDRATED_EVENT, onHydrated, { once: true });
  // `error` does not bubble, but is seen on the way down.
  document.addEventListener('error', (event) => isPagePicture(event.target) && hydrate(), true);
  const applyStoredLanguage = settleLanguage();
  const atOnce =
    element?.dataset.when === 'load' || applyStoredLanguage || hasFailedPicture() || heldHero;
  // A module script runs once the document is parsed and its stylesheet is in;
  // the frame after that is the first paint, and the timeout runs after it. A
  // page opened in a background tab paints nothing until shown: it prefetches at once.
  const afterPaint = () => {
    linkScripts('prefetch');
    if (atOnce) return hydrate();
    for (const type of PRESENCE)
      window.addEventListener(type, compileAhead, { capture: true, passive: true });
  };
  if (document.visibilityState === 'hidden') afterPaint();
  else requestAnimationFrame(() => setTimeout(afterPaint, 0));
}

start();
