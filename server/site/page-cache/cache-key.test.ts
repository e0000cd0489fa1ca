import { describe, expect, it } from 'vitest';
import { INVALID, publicQuery, type QueryRule } from '../../http/public-query';
import { answerKey, publicTarget, type KeyedRequest } from './cache-key';

const req = (url: string, headers: KeyedRequest['headers'] = {}, method = 'GET') =>
  ({ method, url, headers, socket: {} }) as KeyedRequest;

/** `?page=` as the news page reads it, with three pages. */
const page: QueryRule = (value) => {
  if (value === undefined) return undefined;
  const n = /^\d{1,9}$/.test(value) ? Number(value) : 1;
  if (n <= 1) return undefined;
  return n <= 3 ? String(n) : INVALID;
};
const news = publicQuery({ page });
const key = (url: string, headers: KeyedRequest['headers'] = {}, origin = '') => {
  const target = publicTarget(req(url, headers));
  return target && answerKey(origin, target, news);
};

describe('which requests are the page cache’s', () => {
  it('takes GET and HEAD of pages, feeds and the public news API reads', () => {
    for (const url of [
      '/',
      '/news',
      '/pt/news',
      '/field-report-8',
      '/rss.xml',
      '/sitemap.xml',
      '/sitemap-pages.xml',
      '/sitemap-news-12.xml',
    ]) {
      expect(publicTarget(req(url))).not.toBeNull();
    }
    for (const url of ['/api/news', '/api/news/categories', '/api/news/some-slug']) {
      expect(publicTarget(req(url))).not.toBeNull();
    }
    expect(publicTarget(req('/news', {}, 'HEAD'))).not.toBeNull();
  });

  it('leaves writes, the admin, the rest of the API, built files, uploads and /healthz to Express', () => {
    expect(publicTarget(req('/contact', {}, 'POST'))).toBeNull();
    for (const url of [
      '/admin',
      '/admin/news',
      '/login',
      '/api/news/admin',
      '/api/contacts',
      '/api/news/1/previews',
      '/assets/site-abc.js',
      '/media/1/photo.webp',
      '/healthz',
    ]) {
      expect(publicTarget(req(url)), url).toBeNull();
    }
  });

  it('takes any other file name: the built ones are answered before it, the rest are 404 pages', () => {
    for (const url of [
      '/favicon.svg',
      '/wp-login.php',
      '/media/news-default.jpg',
      '/media/x',
      '/sitemap-news-0.xml',
    ]) {
      expect(publicTarget(req(url)), url).not.toBeNull();
    }
  });

  it('keeps nothing for a signed-in visitor or a path in another form than the site’s own', () => {
    expect(publicTarget(req('/news'))!.keepable).toBe(true);
    expect(publicTarget(req('/news', { cookie: 'sid=s%3Aabc.def' }))!.keepable).toBe(false);
    for (const url of ['/NEWS', '/news/', '//news', '/a/../news', '/./news', '/n%65ws']) {
      expect(publicTarget(req(url))!.keepable, url).toBe(false);
    }
  });
});

describe('the key of an answer', () => {
  it('is made of the declared parameters only, each in its canonical form', () => {
    expect(key('/news')).toBe('/news?#');
    expect(key('/news?utm_source=mail&fbclid=x')).toBe('/news?#');
    expect(key('/news?page=1')).toBe('/news?#');
    expect(key('/news?page=abc')).toBe('/news?#');
    expect(key('/news?page=02')).toBe(key('/news?page=2'));
    expect(key('/news?page=2')).toBe('/news?page=2#');
  });

  it('names a valid language and drops any other', () => {
    expect(key('/news?lang=de')).toBe('/news?lang=de#');
    expect(key('/news?lang=xx')).toBe('/news?#');
    expect(key('/news', { cookie: 'language=pt' })).toBe('/news?#pt');
    expect(key('/news', { cookie: 'language=xx' })).toBe('/news?#');
  });

  it('cannot be forged with an encoded value', () => {
    // One `page` whose value is "2&lang=de" (page 1), not page 2 in German.
    expect(key('/news?page=2%26lang%3Dde')).not.toBe(key('/news?page=2&lang=de'));
    expect(key('/news?page=2%26lang%3Dde')).toBe(key('/news'));
    expect(key('/news?lang=de%26page%3D2')).toBe(key('/news'));
  });

  it('is null for an invalid value, a value given twice, or a target kept for nobody', () => {
    expect(key('/news?page=4')).toBeNull();
    expect(key('/news?page=2&page=3')).toBeNull();
    expect(key('/news?lang=de&lang=pt')).toBeNull();
    expect(key('/NEWS')).toBeNull();
    expect(key('/news', { cookie: 'sid=s%3Aabc.def' })).toBeNull();
  });

  it('starts with the origin it is kept for', () => {
    expect(key('/news', {}, 'https://www.example.com')).toBe('https://www.example.com/news?#');
  });
});
