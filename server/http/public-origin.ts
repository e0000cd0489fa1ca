import type { Request } from 'express';

/**
 * The site's address for links that leave the page (canonical, hreflang,
 * sitemap, feeds, e-mails): PUBLIC_URL when configured, so a site behind a
 * proxy never advertises its internal address; else the origin the request
 * came to (right behind TRUST_PROXY).
 */
export function publicOrigin(req: Request, publicUrl: string | undefined): string {
  return publicUrl ?? `${req.protocol}://${req.get('host') ?? 'localhost'}`;
}
