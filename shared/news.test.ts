import { describe, expect, it } from 'vitest';
import { ArticleInputSchema, imageUrlProblem } from './news';
import { fieldErrors } from './validation';

describe('imageUrlProblem', () => {
  it.each([
    'https://cdn.example.com/robot.jpg',
    'https://cdn.example.com/a%20b.jpg?w=1200',
    '/media/news-default.jpg',
    '/uploads/2026/robot cell.png',
  ])('accepts %j', (url) => {
    expect(imageUrlProblem(url)).toBeNull();
  });

  it('refuses plain http, which the site would block, with its own message', () => {
    expect(imageUrlProblem('http://cdn.example.com/robot.jpg')).toBe(
      'validation.imageUrl.insecure',
    );
  });

  it.each([
    '//cdn.example.com/robot.jpg',
    '/\\cdn.example.com/robot.jpg',
    '/\t/cdn.example.com/robot.jpg',
    'ftp://example.com/a.png',
    'javascript:alert(1)',
    'data:image/png;base64,AAAA',
    'media/robot.jpg',
    'not a url',
  ])('refuses %j', (url) => {
    expect(imageUrlProblem(url)).toBe('validation.imageUrl.invalid');
  });
});

describe('ArticleInputSchema image_url', () => {
  const article = {
    title: 'Robot cell',
    excerpt: 'Summary',
    content: 'Body',
    category: 'robotics',
    slug: 'robot-cell',
  };
  const parse = (image_url: unknown) => ArticleInputSchema.safeParse({ ...article, image_url });

  it('keeps an https address or a site path and turns a blank one into null', () => {
    expect(parse(' https://cdn.example.com/a.jpg ').data?.image_url).toBe(
      'https://cdn.example.com/a.jpg',
    );
    expect(parse('/media/a.jpg').data?.image_url).toBe('/media/a.jpg');
    expect(parse('  ').data?.image_url).toBeNull();
    expect(parse(undefined).data?.image_url).toBeNull();
  });

  it('names the problem of an http or protocol-relative address', () => {
    const insecure = parse('http://cdn.example.com/a.jpg');
    expect(insecure.success ? null : fieldErrors(insecure.error)).toEqual({
      image_url: 'validation.imageUrl.insecure',
    });
    const elsewhere = parse('//cdn.example.com/a.jpg');
    expect(elsewhere.success ? null : fieldErrors(elsewhere.error)).toEqual({
      image_url: 'validation.imageUrl.invalid',
    });
  });
});
