import type { RequestHandler } from 'express';
import { splitLanguagePath } from '#shared/language-paths';
import { RESERVED_SLUGS, SLUG_PATTERN } from '#shared/slug';
import type { NewsService } from '../features/news/news.service';
import { holds } from '../http/guards';
import type { SessionUser } from '../http/session';

/**
 * The page address of a slug an article had while public (`/old`,
 * `/pt/old`) answers 301 to its current one, with the same language prefix
 * and query, before anything is rendered. Only articles and pages the
 * visitor may see are pointed to (drafts too for staff who may see them),
 * so a redirect never gives away the new address of one that is not out.
 */
export function oldSlugRedirects({ news }: { news: NewsService }): RequestHandler {
  /**
   * The current slug of a draft that had `slug`, for staff who may see
   * that draft: a draft article for those who read articles, a draft page
   * for those who write content (the rights site.router.ts gives drafts).
   */
  const draftTarget = async (slug: string, user: SessionUser | undefined) =>
    (holds(user, 'articles')
      ? await news.redirectFor(slug, { includeDrafts: true, kind: 'article' })
      : null) ??
    (holds(user, 'content')
      ? await news.redirectFor(slug, { includeDrafts: true, kind: 'page' })
      : null);

  return async (req, res, next) => {
    const { language, path } = splitLanguagePath(req.path);
    const slug = path.slice(1);
    if (!SLUG_PATTERN.test(slug) || RESERVED_SLUGS.has(slug)) return next();
    const user = req.session?.user;
    const visible = await news.redirectFor(slug);
    const target = visible ?? (await draftTarget(slug, user));
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
