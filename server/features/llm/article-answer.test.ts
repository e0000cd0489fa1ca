import { describe, expect, it } from 'vitest';
import { extractJson, parseAnswer, pickCategory } from './article-answer';

const article = {
  title: 'Cobots in packaging',
  excerpt: 'Short.',
  content: '## Why\n\n- a\n- b',
  category: 'Technology',
  slug: 'cobots-in-packaging',
  image_url: null,
};

describe('extractJson', () => {
  it('reads bare JSON, a ```json fence and an object amid chatter', () => {
    expect(extractJson(JSON.stringify(article))).toEqual(article);
    expect(
      extractJson(`Here you go:\n\`\`\`json\n${JSON.stringify(article)}\n\`\`\`\nEnjoy!`),
    ).toEqual(article);
    expect(extractJson(`Sure! ${JSON.stringify(article)} Hope it helps.`)).toEqual(article);
  });

  it('gives undefined for text without JSON', () => {
    expect(extractJson('No JSON here {at all')).toBeUndefined();
  });
});

describe('parseAnswer', () => {
  it('keeps a valid article and only http(s) image URLs', () => {
    expect(parseAnswer(JSON.stringify(article))).toEqual(article);
    expect(
      parseAnswer(JSON.stringify({ ...article, image_url: 'https://x.test/a.jpg' }))?.image_url,
    ).toBe('https://x.test/a.jpg');
    expect(
      parseAnswer(JSON.stringify({ ...article, image_url: 'ftp://x.test/a.jpg' }))?.image_url,
    ).toBeNull();
    expect(
      parseAnswer(JSON.stringify({ ...article, image_url: 'not a url' }))?.image_url,
    ).toBeNull();
  });

  it('rejects answers without a title, excerpt or content', () => {
    expect(parseAnswer(JSON.stringify({ ...article, title: '  ' }))).toBeNull();
    expect(parseAnswer(JSON.stringify({ title: 'x', content: 'y' }))).toBeNull();
    expect(parseAnswer('[1, 2, 3]')).toBeNull();
  });

  it('shortens an overlong title and excerpt at a word boundary', () => {
    const long = parseAnswer(
      JSON.stringify({ ...article, title: 'word '.repeat(60), excerpt: 'much '.repeat(150) }),
    )!;
    expect(long.title.length).toBeLessThanOrEqual(200);
    expect(long.title.endsWith('word…')).toBe(true);
    expect(long.excerpt.length).toBeLessThanOrEqual(500);
  });
});

describe('pickCategory', () => {
  it('prefers the requested category, then a known suggestion, then Technology', () => {
    expect(pickCategory('Industry', 'Partnership')).toBe('Industry');
    expect(pickCategory(undefined, ' ai innovation ')).toBe('AI Innovation');
    expect(pickCategory(undefined, 'Gossip')).toBe('Technology');
    expect(pickCategory(undefined, null)).toBe('Technology');
  });
});
