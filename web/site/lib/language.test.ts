import { describe, expect, it } from 'vitest';
import { languageAfterHydration, renderedLanguage } from './language';

const doc = (lang: string) => ({ documentElement: { lang } }) as unknown as Document;

describe('renderedLanguage', () => {
  it('starts from the language the server rendered, English when unknown', () => {
    expect(renderedLanguage(doc('pt'))).toBe('pt');
    expect(renderedLanguage(doc('fr'))).toBe('en');
  });
});

describe('languageAfterHydration', () => {
  it('switches to a valid stored choice that differs from the rendered one', () => {
    expect(languageAfterHydration({ rendered: 'en', query: null, stored: 'de' })).toBe('de');
  });
  it('stays when the stored choice matches, is missing or is unknown', () => {
    expect(languageAfterHydration({ rendered: 'de', query: null, stored: 'de' })).toBeNull();
    expect(languageAfterHydration({ rendered: 'en', query: null, stored: null })).toBeNull();
    expect(languageAfterHydration({ rendered: 'en', query: null, stored: 'fr' })).toBeNull();
  });
  it('lets a valid ?lang= win over the stored choice', () => {
    expect(languageAfterHydration({ rendered: 'de', query: 'de', stored: 'pt' })).toBeNull();
    expect(languageAfterHydration({ rendered: 'en', query: 'xx', stored: 'pt' })).toBe('pt');
  });
});
