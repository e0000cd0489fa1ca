import { describe, expect, it } from 'vitest';
import { entryAssets } from './assets';
import { renderDocument } from './document';

describe('entryAssets', () => {
  it('collects the entry script, every stylesheet and the chunks to preload', () => {
    const assets = entryAssets(
      {
        'site/entry-client.tsx': {
          file: 'assets/site-1.js',
          css: ['assets/site-1.css'],
          imports: ['_shared'],
        },
        _shared: {
          file: 'assets/shared-2.js',
          css: ['assets/shared-2.css'],
          imports: ['site/entry-client.tsx'],
        },
        '../locales/pt.json': { file: 'assets/pt-3.js' },
      },
      'site/entry-client.tsx',
    );
    expect(assets).toEqual({
      script: '/assets/site-1.js',
      css: ['/assets/site-1.css', '/assets/shared-2.css'],
      preload: ['/assets/shared-2.js'],
      catalogues: { pt: '/assets/pt-3.js' },
    });
  });

  it('fails clearly when the manifest lacks the entry', () => {
    expect(() => entryAssets({}, 'site/entry-client.tsx')).toThrow(/no entry/);
  });
});

describe('renderDocument', () => {
  it('wraps the page with its language, head, styles, script and router state', () => {
    const html = renderDocument({
      language: 'pt',
      head: '<title>Início</title>',
      html: '<main>olá</main>',
      hydration: '{"loaderData":{}}',
      assets: {
        script: '/assets/a.js',
        css: ['/assets/a.css'],
        preload: ['/assets/b.js'],
        catalogues: { en: '/assets/en.js', pt: '/assets/pt.js' },
      },
    });
    expect(html.startsWith('<!doctype html><html lang="pt">')).toBe(true);
    expect(html).toContain('<title>Início</title><link rel="stylesheet" href="/assets/a.css">');
    expect(html).toContain('<script type="module" src="/assets/a.js"></script>');
    expect(html).toContain('<link rel="modulepreload" href="/assets/b.js">');
    expect(html).toContain('<link rel="modulepreload" href="/assets/pt.js">');
    expect(html).not.toContain('/assets/en.js');
    expect(html).toContain('<div id="root"><main>olá</main></div>');
    expect(html).toContain(
      '<script type="application/json" id="router-state">{"loaderData":{}}</script>',
    );
  });
});
