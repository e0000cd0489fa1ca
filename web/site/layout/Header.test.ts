import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appWithCareers } from '../../../tests/support/site-pages';
import type { TestApp } from '../../../tests/support/test-app';

/**
 * The header as the server sends it (the real app). Below `md` its menu and
 * language buttons need the page's scripts: in a browser without them
 * (`scripting: none`; never keyed on the loader's `data-scripted`) the page's
 * stylesheet hides the buttons and shows the menu's panel, with its links and
 * this page in each language as plain links. The HTML must hold all of it.
 */
const HOST = 'www.forge.test';
let t: TestApp;

const pageOf = async (path: string) =>
  (await request(t.app).get(path).set('Host', HOST).expect(200)).text;
const headerOf = (html: string) => html.slice(html.indexOf('<header'), html.indexOf('</header>'));
/** The menu's panel: from its element to the header's end. */
const panelOf = (header: string) => header.slice(header.indexOf('<div id="mobile-menu"'));
/** `[href, text]` of each link. */
const links = (html: string) =>
  [...html.matchAll(/<a [^>]*href="([^"]*)"[^>]*>([^<]*)<\/a>/g)].map((m) => [m[1], m[2]]);

beforeAll(async () => {
  ({ t } = await appWithCareers());
});
afterAll(() => t.destroy());

describe('the header without JavaScript', () => {
  it('is served as the no-script state: <html> without data-scripted, hooks on the bar and buttons', async () => {
    const html = await pageOf('/de/careers');
    expect(html).toMatch(/<html lang="de">/);
    const header = headerOf(html);
    expect(header).toMatch(/^<header [^>]*class="site-header [^"]*\bsticky /);
    expect(header).toMatch(/<div class="site-needs-script [^"]*"><div class="relative"><button/);
    expect(header).toMatch(
      /<button [^>]*aria-controls="mobile-menu"[^>]*class="site-needs-script /,
    );
    expect(header).toMatch(/<div id="mobile-menu" hidden="" class="site-mobile-menu /);
  });

  it('holds the menu’s links and this page in each language, as plain links in the panel', async () => {
    const panel = panelOf(headerOf(await pageOf('/de/careers')));
    expect(links(panel)).toEqual([
      ['/de', 'Startseite'],
      ['/de/news', 'Neuigkeiten'],
      ['/de/careers', 'Karriere'],
      ['/de/contact', 'Kontakt'],
      ['/en/careers', 'English'],
      ['/pt/careers', 'Português'],
      ['/de/careers', 'Deutsch'],
    ]);
    expect(panel).toMatch(/<ul class="site-menu-languages [^"]*" aria-label="Sprache wählen">/);
    expect(panel).toMatch(/<a href="\/pt\/careers" hrefLang="pt" lang="pt"(?! aria-current)/);
    expect(panel).toMatch(/<a href="\/de\/careers" hrefLang="de" lang="de" aria-current="true"/);
    // On an address without a prefix, as the footer links it (an old `?lang=` is not kept).
    const english = panelOf(headerOf(await pageOf('/careers?lang=pt')));
    expect(links(english).slice(-3)).toEqual([
      ['/en/careers', 'English'],
      ['/pt/careers', 'Português'],
      ['/de/careers', 'Deutsch'],
    ]);
    expect(english).toMatch(/<a href="\/pt\/careers" hrefLang="pt" lang="pt" aria-current="true"/);
  });

  it('is styled by the page’s stylesheet for browsers without scripting, below md only', async () => {
    const html = await pageOf('/');
    const sheets = [...html.matchAll(/<link rel="stylesheet" href="([^"]+)">/g)].map((m) => m[1]!);
    const css = (
      await Promise.all(
        sheets.map(
          async (href) => (await request(t.app).get(href).set('Host', HOST).expect(200)).text,
        ),
      )
    ).join('\n');
    // Without scripting and below `md` (48rem), as the build writes it. Never keyed on the
    // loader's data-scripted: a browser with scripts would paint the open panel until it runs.
    const noScript = String.raw`@media \(scripting: ?none\)\{@media (not all and \(width>=48rem\)|\(width<48rem\))`;
    const rule = (body: string) => new RegExp(String.raw`${noScript}\{[^@}]*(\}[^@}]*)?${body}`);
    expect(css).toMatch(rule(String.raw`\.site-header\{position:static\}`));
    expect(css).toMatch(rule(String.raw`\.site-needs-script\{display:none\}`));
    expect(css).toMatch(rule(String.raw`html \.site-mobile-menu\{display:block!important\}`));
    expect(css).not.toMatch(
      /html:not\(\[data-scripted\]\) \.site-(header|needs-script|mobile-menu)/,
    );
    expect(css).toMatch(/html\[data-scripted\] \.site-menu-languages\{display:none\}/);
  });
});
