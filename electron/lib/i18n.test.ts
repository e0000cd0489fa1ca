import { describe, expect, it } from 'vitest';
import { languageFromLocale, languageFromRequest, translator } from './i18n';

describe('desktop i18n', () => {
  it('maps system locales to the site languages', () => {
    expect(languageFromLocale('pt-PT')).toBe('pt');
    expect(languageFromLocale('de_AT')).toBe('de');
    expect(languageFromLocale('fr-FR')).toBe('en');
    expect(languageFromLocale(undefined)).toBe('en');
  });

  it('reads the language from ?lang first, then the language cookie', () => {
    const both = new Request('app://admin/api/news?lang=de', {
      headers: { cookie: 'a=1; language=pt' },
    });
    expect(languageFromRequest(both)).toBe('de');
    const cookie = new Request('app://admin/api/news', { headers: { cookie: 'a=1; language=pt' } });
    expect(languageFromRequest(cookie)).toBe('pt');
    expect(languageFromRequest(new Request('app://admin/api/news?lang=xx'))).toBeNull();
  });

  it('reads the language the renderer is shown in (X-Language) before the cookie', () => {
    const shown = (url: string, language: string) =>
      new Request(url, { headers: { cookie: 'language=pt', 'x-language': language } });
    expect(languageFromRequest(shown('app://admin/api/news', 'de'))).toBe('de');
    expect(languageFromRequest(shown('app://admin/api/news?lang=en', 'de'))).toBe('en');
    expect(languageFromRequest(shown('app://admin/api/news', 'fr'))).toBe('pt');
  });

  it('translates desktop strings in each language with English fallback', () => {
    const key = 'desktop.menu.changeServer';
    const texts = (['en', 'pt', 'de'] as const).map((lang) => translator(lang)(key));
    expect(new Set(texts).size).toBe(3);
    for (const text of texts) expect(text).not.toBe(key);
    expect(translator(null)(key)).toBe(texts[0]);
  });

  it('tells how many more enquiries are unread (an older server) in each language', () => {
    const key = 'desktop.notifications.moreUnreadBody';
    expect(translator('en')(key, { count: 1 })).toBe('1 new enquiry not read yet.');
    expect(translator('en')(key, { count: 3 })).toBe('3 new enquiries not read yet.');
    expect(translator('pt')(key, { count: 3 })).toBe('3 novos pedidos por ler.');
    expect(translator('de')(key, { count: 1 })).toBe('1 neue Anfrage, noch ungelesen.');
  });
});
