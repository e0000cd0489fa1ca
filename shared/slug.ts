export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const SLUG_MAX_LENGTH = 100;

/**
 * The `code` of the 409 for a slug another article or page had while
 * public (its old links lead there): a write with `reuse_slug: true` takes
 * it over.
 */
export const SLUG_USED_BEFORE = 'slug_used_before';

/**
 * Words an article slug may not take: the site serves a page or file at that
 * top-level path (docs/api.md: the language prefixes `en`, `pt`, `de`, the
 * privacy page, draft previews), or `/api/news/{word}` or `/api/pages/{word}`
 * is a fixed API path that would shadow the article or page (`categories`,
 * `admin`, `navigation`).
 */
export const RESERVED_SLUGS: ReadonlySet<string> = /* @__PURE__ */ new Set([
  'news',
  'categories',
  'contact',
  'login',
  'logout',
  'register',
  'admin',
  'api',
  'assets',
  'media',
  'fonts',
  'images',
  'static',
  'healthz',
  'sitemap',
  'robots',
  'rss',
  'feed',
  'favicon',
  'manifest',
  'index',
  'en',
  'pt',
  'de',
  'privacy',
  'preview',
  'navigation',
]);

/** Why a slug is not acceptable, as a translation key; null when it is fine. */
export function slugProblem(slug: string): string | null {
  if (slug.length === 0) return 'validation.slug.required';
  if (slug.length > SLUG_MAX_LENGTH) return 'validation.slug.tooLong';
  if (!SLUG_PATTERN.test(slug)) return 'validation.slug.format';
  if (RESERVED_SLUGS.has(slug)) return 'validation.slug.reserved';
  return null;
}

/** Turns any text (a title, a model's suggestion) into a slug that follows the rules. */
export function slugify(text: string): string {
  const base = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ß/g, 'ss')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  if (base.length <= SLUG_MAX_LENGTH) return base;
  const cut = base.slice(0, SLUG_MAX_LENGTH);
  const lastHyphen = cut.lastIndexOf('-');
  return (lastHyphen > 20 ? cut.slice(0, lastHyphen) : cut).replace(/-+$/, '');
}

/** `base`, or `base-2`, `base-3`… : the first candidate `taken` says is free. */
export async function uniqueSlug(
  base: string,
  taken: (slug: string) => Promise<boolean>,
): Promise<string> {
  const root = slugify(base) || 'article';
  const safeRoot = RESERVED_SLUGS.has(root) ? `${root}-article` : root;
  for (let n = 1; n < 1000; n++) {
    const suffix = n === 1 ? '' : `-${n}`;
    const candidate = `${safeRoot.slice(0, SLUG_MAX_LENGTH - suffix.length).replace(/-+$/, '')}${suffix}`;
    if (!(await taken(candidate))) return candidate;
  }
  throw new Error('No free slug found');
}
