import { describe, expect, it } from 'vitest';
import { shownView } from './page-views';

/** The view a page shown by the site's script counts as: the one the server counts for it. */
describe('shownView', () => {
  const root = { id: 'root', data: { pages: [] } };
  const match = (id: string, data: unknown = null) => [root, { id: 'x', data: null }, { id, data }];

  it('names the site’s own pages, in the language given', () => {
    expect(shownView(match('home'), 'en')).toEqual({ page: 'home', language: 'en' });
    expect(shownView(match('pt:news', { page: 1, list: {}, error: null }), 'pt')).toEqual({
      page: 'news',
      language: 'pt',
    });
    expect(shownView(match('de:contact'), 'de')).toEqual({ page: 'contact', language: 'de' });
    expect(shownView(match('privacy'), 'en')).toEqual({ page: 'privacy', language: 'en' });
  });

  it('names an article or page by its id', () => {
    const article = { slug: 'welding-cells', article: { id: 12 }, page: null, error: null };
    expect(shownView(match('article', article), 'en')).toEqual({
      page: 'document',
      id: 12,
      language: 'en',
    });
    const page = { slug: 'careers', article: null, page: { id: 3 }, error: null };
    expect(shownView(match('pt:article', page), 'pt')).toEqual({
      page: 'document',
      id: 3,
      language: 'pt',
    });
  });

  it('counts nothing for a missing article, a share link, the not-found page or a failed read', () => {
    const missing = { slug: 'gone', article: null, page: null, error: null };
    expect(shownView(match('article', missing), 'en')).toBeNull();
    const shared = { slug: '', article: { id: 12 }, page: null, error: null };
    expect(shownView(match('preview', shared), 'en')).toBeNull();
    expect(shownView(match('not-found'), 'en')).toBeNull();
    const failed = { page: 1, list: null, error: { key: 'news.fetchFailed' } };
    expect(shownView(match('news', failed), 'en')).toBeNull();
  });

  it('counts nothing for a news page past the last; the last page counts', () => {
    const list = { news: [], pages: 2, total: 7, current_page: 3 };
    expect(shownView(match('news', { page: 3, list, error: null }), 'en')).toBeNull();
    expect(shownView(match('de:news', { page: 2, list, error: null }), 'de')).toEqual({
      page: 'news',
      language: 'de',
    });
  });
});
