import { describe, expect, it } from 'vitest';
import { pageIdOf, routeId } from './meta';

describe('pageIdOf', () => {
  it('takes the deepest route that is a page', () => {
    expect(pageIdOf(['root', '0-0', 'news'])).toBe('news');
    expect(pageIdOf(['root', '0-0', 'article'])).toBe('article');
  });
  it('knows the page of a language address', () => {
    expect(routeId('news', 'pt')).toBe('pt:news');
    expect(routeId('news', null)).toBe('news');
    expect(pageIdOf(['root', '0-2', routeId('article', 'de')])).toBe('article');
    expect(pageIdOf(['root', '0-1', routeId('not-found', 'en')])).toBe('not-found');
  });
  it('treats a chain without a page as not found', () => {
    expect(pageIdOf(['root'])).toBe('not-found');
    expect(pageIdOf(['root', 'pt:nothing'])).toBe('not-found');
  });
});
