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
});

describe('translator', () => {
  it('translates keys with placeholders and lets plain sentences through', () => {
    expect(translator('pt')('nav.news')).toBe('Notícias');
    expect(translator('de')('admin.tabs.news', { count: 3 })).toBe('News (3)');
    expect(translator('en')('Already a sentence.')).toBe('Already a sentence.');
  });
});
