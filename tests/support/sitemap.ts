import type { Response } from 'supertest';

/**
 * Every sitemap `/sitemap.xml` names, read as a crawler reads them: the
 * index, then each sitemap it lists (by path, through `get`), their texts
 * in the index's order.
 */
export async function sitemapFiles(
  get: (path: string) => PromiseLike<Response>,
): Promise<{ index: string; files: { path: string; text: string }[] }> {
  const index = (await get('/sitemap.xml')).text;
  const paths = [...index.matchAll(/<sitemap><loc>([^<]+)<\/loc>/g)].map(
    ([, loc]) => new URL(loc!).pathname,
  );
  const files = [];
  for (const path of paths) files.push({ path, text: (await get(path)).text });
  return { index, files };
}

/** All the sitemaps' text together (the `<url>` entries of the whole site, in order). */
export async function wholeSitemap(get: (path: string) => PromiseLike<Response>): Promise<string> {
  return (await sitemapFiles(get)).files.map((f) => f.text).join('\n');
}
