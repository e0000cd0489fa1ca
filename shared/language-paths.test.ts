import { describe, expect, it } from 'vitest';
import { articlePath, localizedPath, splitLanguagePath } from './language-paths';

describe('language paths', () => {
  it('split a language prefix off a path', () => {
    expect(splitLanguagePath('/pt')).toEqual({ language: 'pt', path: '/' });
    expect(splitLanguagePath('/pt/')).toEqual({ language: 'pt', path: '/' });
    expect(splitLanguagePath('/de/news')).toEqual({ language: 'de', path: '/news' });
    expect(splitLanguagePath('/en/some-article')).toEqual({
      language: 'en',
      path: '/some-article',
    });
  });

  it('leave paths without a whole language segment alone', () => {
    for (const path of ['/', '/news', '/pt-article', '/fr/news', '/news/pt', '/ptx']) {
      expect(splitLanguagePath(path)).toEqual({ language: null, path });
    }
  });

  it('put a page under a language prefix, the home page as the bare prefix', () => {
    expect(localizedPath('pt', '/')).toBe('/pt');
    expect(localizedPath('de', '/news')).toBe('/de/news');
    expect(localizedPath('de', '/news?page=2')).toBe('/de/news?page=2');
    expect(localizedPath('en', '/?x=1')).toBe('/en?x=1');
    expect(localizedPath('en', 'contact')).toBe('/en/contact');
  });

  it('address an article with or without a language', () => {
    expect(articlePath('robot-cell')).toBe('/robot-cell');
    expect(articlePath('robot-cell', 'pt')).toBe('/pt/robot-cell');
  });
});
