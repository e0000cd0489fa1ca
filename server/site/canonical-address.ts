import type { RequestHandler } from 'express';

/**
 * A page asked for in another spelling than its own (`/news/`, `/News`,
 * `/PT/news`) answers 301 to its own, query kept. The browser's router
 * matches those alike, and each rendered page named itself canonical:
 * search engines saw one page at several addresses. Only page addresses
 * (letters, digits, hyphens) are redirected: the API, media, built files
 * and share links answer 404 in any other spelling (their tokens and names
 * keep their case), and so does anything encoded, dotted or with an empty
 * segment (`//host/` would leave the site).
 */
export const canonicalAddress: RequestHandler = (req, res, next) => {
  const path = req.path;
  if (!PAGE_ADDRESS.test(path) || path.includes('//') || NOT_A_PAGE.test(path)) return next();
  const own = (path.length > 1 ? path.replace(/\/+$/, '') : path).toLowerCase() || '/';
  if (own === path) return next();
  const q = req.originalUrl.indexOf('?');
  res.set('Cache-Control', 'public, max-age=3600');
  res.redirect(301, own + (q === -1 ? '' : req.originalUrl.slice(q)));
};

/** What a page's address may be made of, in any case and with a final slash. */
const PAGE_ADDRESS = /^\/[A-Za-z0-9/_-]*$/;

/** Addresses of the site that are not pages, in any spelling (a language before a share link too). */
const NOT_A_PAGE = /^\/(?:[a-z]{2}\/)?(?:api|media|assets|preview)(?:\/|$)/i;
