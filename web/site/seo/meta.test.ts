import { describe, expect, it } from 'vitest';
import { pageIdOf } from './meta';

describe('pageIdOf', () => {
  it('takes the deepest route that is a page', () => {
    expect(pageIdOf(['root', '0-0', 'news'])).toBe('news');
    expect(pageIdOf(['root', '0-0', 'article'])).toBe('article');
  });
  it('treats a chain without a page as not found', () => {
    expect(pageIdOf(['root'])).toBe('not-found');
  });
});
