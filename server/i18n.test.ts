import { describe, expect, it } from 'vitest';
import { readCookie, requestLanguage, translator } from './i18n';

describe('readCookie', () => {
  it('finds one cookie among several and decodes it', () => {
    expect(readCookie('a=1; language=pt; sid=x', 'language')).toBe('pt');
    expect(readCookie('name=Jo%C3%A3o', 'name')).toBe('João');
    expect(readCookie(undefined, 'language')).toBeUndefined();
    expect(readCookie('languages=de', 'language')).toBeUndefined();
    expect(readCookie('language=%E0%A4%A', 'language')).toBeUndefined();
  });
});

describe('requestLanguage', () => {
  it('prefers ?lang=, then the cookie, then English; unknown values are ignored', () => {
    const req = (lang: unknown, cookie?: string) => ({ query: { lang }, headers: { cookie } });
    expect(requestLanguage(req('de', 'language=pt'))).toBe('de');
    expect(requestLanguage(req(undefined, 'language=pt'))).toBe('pt');
    expect(requestLanguage(req('xx', 'language=pt'))).toBe('pt');
    expect(requestLanguage(req(['pt', 'de']))).toBe('pt');
    expect(requestLanguage(req('fr', 'language=es'))).toBe('en');
  });
});

describe('translator', () => {
  it('translates keys with placeholders and lets plain sentences through', () => {
    expect(translator('pt')('nav.news')).toBe('Notícias');
    expect(translator('de')('admin.tabs.news', { count: 3 })).toBe('News (3)');
    expect(translator('en')('Already a sentence.')).toBe('Already a sentence.');
  });
});
