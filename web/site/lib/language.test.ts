import { describe, expect, it } from 'vitest';
import {
  addressLanguage,
  languageAfterNavigation,
  renderedLanguage,
  siblingPath,
} from './language';

const doc = (lang: string) => ({ documentElement: { lang } }) as unknown as Document;

describe('renderedLanguage', () => {
  it('starts from the language the server rendered, English when unknown', () => {
    expect(renderedLanguage(doc('pt'))).toBe('pt');
    expect(renderedLanguage(doc('fr'))).toBe('en');
  });
});

describe('addressLanguage', () => {
  it('reads the prefix first, then a valid ?lang=', () => {
    expect(addressLanguage('/de/news', '?lang=pt')).toBe('de');
    expect(addressLanguage('/pt', '')).toBe('pt');
    expect(addressLanguage('/news', '?lang=pt')).toBe('pt');
    expect(addressLanguage('/news', '?lang=xx')).toBeNull();
    expect(addressLanguage('/design-update', '')).toBeNull();
  });
});

describe('languageAfterNavigation', () => {
  it('keeps the language an address names as the visitor’s choice, without reading again', () => {
    expect(languageAfterNavigation({ address: 'de', current: 'en', stored: 'pt' })).toEqual({
      language: 'de',
      reload: false,
    });
    // Shown already, but not yet stored: stored now.
    expect(languageAfterNavigation({ address: 'de', current: 'de', stored: 'pt' })).toEqual({
      language: 'de',
      reload: false,
    });
    expect(languageAfterNavigation({ address: 'de', current: 'de', stored: 'de' })).toBeNull();
  });

  it('applies a valid stored choice on an unprefixed page and reads its articles again', () => {
    expect(languageAfterNavigation({ address: null, current: 'en', stored: 'de' })).toEqual({
      language: 'de',
      reload: true,
    });
  });

  it('stays when the stored choice matches, is missing or is unknown', () => {
    expect(languageAfterNavigation({ address: null, current: 'de', stored: 'de' })).toBeNull();
    expect(languageAfterNavigation({ address: null, current: 'en', stored: null })).toBeNull();
    expect(languageAfterNavigation({ address: null, current: 'en', stored: 'fr' })).toBeNull();
  });
});

describe('siblingPath', () => {
  it('moves the page under another language’s prefix, from a prefixed or an unprefixed address', () => {
    expect(siblingPath('/news', '?page=2', 'de')).toBe('/de/news?page=2');
    expect(siblingPath('/pt/news', '?page=2&lang=pt', 'de')).toBe('/de/news?page=2');
    expect(siblingPath('/pt', '', 'en')).toBe('/en');
    expect(siblingPath('/', '?lang=pt', 'de')).toBe('/de');
    expect(siblingPath('/de/robot-cell', '', 'pt')).toBe('/pt/robot-cell');
    expect(siblingPath('/robot-cell', '', 'pt')).toBe('/pt/robot-cell');
  });

  it('keeps a share link at its one address and names the language with ?lang=', () => {
    expect(siblingPath('/preview/Jq3abc', '', 'pt')).toBe('/preview/Jq3abc?lang=pt');
    expect(siblingPath('/preview/Jq3abc', '?lang=pt&x=1', 'de')).toBe(
      '/preview/Jq3abc?x=1&lang=de',
    );
    expect(siblingPath('/pt/preview/Jq3abc', '', 'en')).toBe('/preview/Jq3abc?lang=en');
  });
});
