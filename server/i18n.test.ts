import { describe, expect, it } from 'vitest';
import { requestLanguage, translator } from './i18n';

describe('requestLanguage', () => {
  it('prefers ?lang=, then the cookie, then English; unknown values are ignored', () => {
    const req = (lang: unknown, cookie?: string) => ({ query: { lang }, headers: { cookie } });
    expect(requestLanguage(req('de', 'language=pt'))).toBe('de');
    expect(requestLanguage(req(undefined, 'language=pt'))).toBe('pt');
    expect(requestLanguage(req('xx', 'language=pt'))).toBe('pt');
    expect(requestLanguage(req(['pt', 'de']))).toBe('pt');
    expect(requestLanguage(req('fr', 'language=es'))).toBe('en');
  });

  it('reads X-Language after ?lang= and before the cookie, on /api only', () => {
    const req = (originalUrl: string, language: string, lang?: string) => ({
      originalUrl,
      query: { lang },
      headers: { cookie: 'language=pt', 'x-language': language },
    });
    expect(requestLanguage(req('/api/news', 'de'))).toBe('de');
    expect(requestLanguage(req('/api', 'de'))).toBe('de');
    expect(requestLanguage(req('/api?x=1', 'de'))).toBe('de');
    expect(requestLanguage(req('/api/news?lang=en', 'de', 'en'))).toBe('en');
    expect(requestLanguage(req('/api/news', 'fr'))).toBe('pt');
    // Pages and feeds may be cached: their language never depends on it.
    expect(requestLanguage(req('/rss.xml', 'de'))).toBe('pt');
    expect(requestLanguage(req('/apiary', 'de'))).toBe('pt');
    expect(
      requestLanguage({ query: {}, headers: { cookie: 'language=pt', 'x-language': 'de' } }),
    ).toBe('pt');
  });
});

describe('translator', () => {
  it('translates keys with placeholders and lets plain sentences through', () => {
    expect(translator('pt')('nav.news')).toBe('Notícias');
    expect(translator('de')('admin.tabs.news', { count: 3 })).toBe('News (3)');
    expect(translator('en')('Already a sentence.')).toBe('Already a sentence.');
  });
});
