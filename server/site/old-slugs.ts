import type { RequestHandler } from 'express';
import { splitLanguagePath } from '#shared/language-paths';
import { RESERVED_SLUGS, SLUG_PATTERN } from '#shared/slug';
import type { NewsService } from '../features/news/news.service';
import { holds } from '../http/guards';

/**
 * The page address of a slug an article had while public (`/old`,
 * `/pt/old`) answers 301 to its current one, with the same language prefix
 * and query, before anything is rendered. Only articles the visitor may see
 * are pointed to (staff who read articles: drafts too), so a redirect never gives away the
 * new address of an article that is not out.
 */
export function oldSlugRedirects({ news }: { news: NewsService }): RequestHandler {
  return async (req, res, next) => {
    const { language, path } = splitLanguagePath(req.path);
    const slug = path.slice(1);
    if (!SLUG_PATTERN.test(slug) || RESERVED_SLUGS.has(slug)) return next();
    const admin = holds(req.session?.user, 'articles');
    const visible = await news.redirectFor(slug);
    const target =
      visible ?? (admin ? await news.redirectFor(slug, { includeDrafts: true }) : null);
    if (!target) return next();
    const q = req.originalUrl.indexOf('?');
    const query = q === -1 ? '' : req.originalUrl.slice(q);
    // A slug can be taken over or given back later (a rename undone answers the other way
    // round), so every cache asks again before using the answer: one kept for an hour turned
    // such an undo into a redirect loop for that hour. The address of an article that is not
    // out is for staff alone, and kept by nobody.
    res.set('Cache-Control', visible ? 'public, no-cache' : 'private, no-store');
    res.redirect(301, `${language ? `/${language}` : ''}/${target}${query}`);
  };
}
