import { describe, expect, it } from 'vitest';
import { loadingLabelKey } from './loading-label';

describe('loadingLabelKey', () => {
  it('names the news list, an article, or just a page', () => {
    expect(loadingLabelKey('/news')).toBe('news.loading');
    expect(loadingLabelKey('/new-robot-cell')).toBe('article.loading');
    expect(loadingLabelKey('/products/arm/specs')).toBe('app.loading');
    expect(loadingLabelKey('/')).toBe('app.loading');
    expect(loadingLabelKey('/contact')).toBe('app.loading');
    expect(loadingLabelKey('/privacy')).toBe('app.loading');
  });

  it('looks past a language prefix', () => {
    expect(loadingLabelKey('/de/news')).toBe('news.loading');
    expect(loadingLabelKey('/pt/new-robot-cell')).toBe('article.loading');
    expect(loadingLabelKey('/pt')).toBe('app.loading');
    expect(loadingLabelKey('/de/contact')).toBe('app.loading');
    expect(loadingLabelKey('/contact')).toBe('app.loading');
  });
});
