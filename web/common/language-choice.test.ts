// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { rememberLanguage, storedLanguage } from './language-choice';

describe('storedLanguage', () => {
  it('reads the language key and survives a storage that throws', () => {
    expect(storedLanguage({ getItem: (key) => (key === 'language' ? 'pt' : null) })).toBe('pt');
    expect(
      storedLanguage({
        getItem: () => {
          throw new Error('denied');
        },
      }),
    ).toBeNull();
  });
});

describe('rememberLanguage', () => {
  afterEach(() => {
    window.localStorage.clear();
    document.cookie = 'language=; Max-Age=0; Path=/';
  });

  it('keeps the choice in localStorage and in a year-long cookie for the server', () => {
    rememberLanguage('de');
    expect(window.localStorage.getItem('language')).toBe('de');
    expect(document.cookie).toContain('language=de');
  });
});
