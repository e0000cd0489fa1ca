import type { RequestHandler } from 'express';

/**
 * A page asked for in another spelling than its own (`/news/`, `/News`,
 * `/PT/news`) answers 301 to its own, query kept. The browser's router
 * matches those alike, and each rendered page named itself canonical:
 * search engines saw one page at several addresses. A share link's token
 * keeps its case (it is part of the token). An address that would leave
 * the site (`//host/`, a backslash) is not redirected; it gets the 404 page.
 */
export const canonicalAddress: RequestHandler = (req, res, next) => {
  const path = req.path;
  if (path.startsWith('//') || path.includes('\\')) return next();
  let own = path.length > 1 ? path.replace(/\/+$/, '') || '/' : path;
  if (/[A-Z]/.test(own) && !SHARE_LINK.test(own)) own = own.toLowerCase();
  if (own === path) return next();
  const q = req.originalUrl.indexOf('?');
  res.set('Cache-Control', 'public, max-age=3600');
  res.redirect(301, own + (q === -1 ? '' : req.originalUrl.slice(q)));
};

/** `/preview/<token>`, with or without a language before it, in any case. */
const SHARE_LINK = /^\/(?:[a-z]{2}\/)?preview\//i;
