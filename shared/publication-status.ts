/*
 * Whether an article is public (shared/publication.ts has the whole rule):
 * a module of its own, so the public pages load only this.
 */

export type PublicationStatus = 'draft' | 'scheduled' | 'published';

type Publication = { published: boolean; published_at: string | null };

/** `draft`, `scheduled` (released, its time still ahead) or `published` (public) at `now`. */
export function publicationStatus(
  article: Publication,
  now: number = Date.now(),
): PublicationStatus {
  if (!article.published) return 'draft';
  if (article.published_at !== null && Date.parse(article.published_at) > now) return 'scheduled';
  return 'published';
}

/** True when visitors see the article at `now`. */
export function isPublic(article: Publication, now: number = Date.now()): boolean {
  return publicationStatus(article, now) === 'published';
}
