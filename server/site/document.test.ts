import { describe, expect, it } from 'vitest';
import { PAGE_MODULES, siteAssets } from './assets';
import { renderDocument } from './document';
import { textsSnapshot } from '../features/site-texts/texts-snapshot';

const siteCataloguesFor = (language: 'en' | 'pt' | 'de', pageId = 'news') =>
  textsSnapshot().page(language).json(pageId);

const manifest = {
  'site/hydrate-on-intent.ts': { file: 'assets/boot-0.js' },
  'site/entry-client.tsx': {
    file: 'assets/site-1.js',
    css: ['assets/site-1.css'],
    // The helpers it shares with the loader live in the loader's file.
    imports: ['_shared', 'site/hydrate-on-intent.ts'],
  },
  _shared: { file: 'assets/shared-2.js', css: ['assets/shared-2.css'] },
  'site/pages/news/NewsPage.tsx': {
    file: 'assets/news-3.js',
    imports: ['_shared', '_card'],
    css: ['assets/news-3.css'],
  },
  _card: { file: 'assets/card-4.js' },
  '../locales/pt.json': { file: 'assets/pt-5.js' },
};

describe('page assets', () => {
  it('are the entry script, its chunks and styles, plus the page chunk and what it imports (not the loader, already there)', () => {
    expect(siteAssets(manifest).forPage('news')).toEqual({
      boot: '/assets/boot-0.js',
      script: '/assets/site-1.js',
      preload: ['/assets/shared-2.js', '/assets/news-3.js', '/assets/card-4.js'],
      css: ['/assets/site-1.css', '/assets/shared-2.css', '/assets/news-3.css'],
      when: 'intent',
    });
  });

  it('hydrate on intent, the contact form too, except the not-found page (its console record)', () => {
    const when = (page: string) => siteAssets(manifest).forPage(page).when;
    expect(['home', 'news', 'article', 'preview', 'privacy', 'contact'].map(when)).toEqual(
      Array(6).fill('intent'),
    );
    expect(when('not-found')).toBe('load');
  });

  it('of a page without a chunk of its own are the entry alone; catalogues are never preloaded', () => {
    const assets = siteAssets(manifest).forPage('unknown');
    expect(assets.preload).toEqual(['/assets/shared-2.js']);
    expect(JSON.stringify(assets)).not.toContain('pt-5');
  });

  it('name a chunk for every page the site has', () => {
    expect(Object.keys(PAGE_MODULES).sort()).toEqual(
      ['article', 'contact', 'home', 'news', 'not-found', 'preview', 'privacy'].sort(),
    );
  });

  it('fail clearly when the manifest lacks the entry or the loader', () => {
    expect(() => siteAssets({}, 'site/entry-client.tsx')).toThrow(/no entry/);
    const { 'site/hydrate-on-intent.ts': _loader, ...withoutLoader } = manifest;
    expect(() => siteAssets(withoutLoader)).toThrow(/no entry site\/hydrate-on-intent/);
  });
});

describe('renderDocument', () => {
  it('wraps the page with its language, head, styles, scripts, router state and texts', () => {
    const html = renderDocument({
      language: 'pt',
      head: '<title>Início</title>',
      html: '<main>olá</main>',
      hydration: '{"loaderData":{}}',
      catalogues: '{"pt":{"nav":{"home":"Início"}}}',
      assets: {
        boot: '/assets/boot.js',
        script: '/assets/a.js',
        css: ['/assets/a.css'],
        preload: ['/assets/b.js', '/assets/c.js'],
        when: 'intent',
      },
    });
    expect(html.startsWith('<!doctype html><html lang="pt">')).toBe(true);
    expect(html).toContain('<title>Início</title><link rel="stylesheet" href="/assets/a.css">');
    // One script: the loader, told what to fetch after the first paint and when to run it; nothing else fetched early.
    expect(html).toContain(
      '<script type="module" src="/assets/boot.js" data-hydrate="/assets/a.js" data-preload="/assets/b.js /assets/c.js" data-when="intent"></script>',
    );
    expect(html.match(/<script type="module"/g)).toHaveLength(1);
    expect(html).not.toContain('modulepreload');
    expect(html).toContain('<div id="root"><main>olá</main></div>');
    expect(html).toContain(
      '<script type="application/json" id="router-state">{"loaderData":{}}</script>',
    );
    expect(html).toContain(
      '<script type="application/json" id="site-catalogue">{"pt":{"nav":{"home":"Início"}}}</script>',
    );
  });
});

describe('the texts a page carries', () => {
  it('are the site part of its own language only, safe inside a script element', () => {
    const embedded = JSON.parse(siteCataloguesFor('de')) as Record<string, Record<string, unknown>>;
    // pt and de have every English key (tests/unit/locales.test.ts): no English copy beside them.
    expect(Object.keys(embedded)).toEqual(['de']);
    expect(Object.keys(JSON.parse(siteCataloguesFor('pt')))).toEqual(['pt']);
    expect(embedded.de!.nav).toBeDefined();
    expect(embedded.de!.contact).toBeDefined();
    for (const adminOnly of ['admin', 'login', 'llm', 'desktop', 'apiErrors']) {
      expect(embedded.de![adminOnly]).toBeUndefined();
    }
    // Of the validation messages, the contact form's; of the privacy notice, nothing off its page.
    expect(Object.keys(embedded.de!.validation!).sort()).toEqual([
      'company',
      'email',
      'message',
      'name',
      'text',
    ]);
    expect(embedded.de!.privacy).toBeUndefined();
    expect(JSON.parse(siteCataloguesFor('de', 'privacy')).de.privacy).toBeDefined();
    expect(Object.keys(JSON.parse(siteCataloguesFor('en')))).toEqual(['en']);
    expect(siteCataloguesFor('pt')).not.toContain('<');
  });
});
