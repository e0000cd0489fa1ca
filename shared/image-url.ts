/** Which image addresses an article may use (the admin form and the write schema check them). */

const SITE = 'https://site.invalid';

/**
 * Why an article's image address cannot be used, as a translation key; null
 * when it can. Allowed: an `https://` URL, or a path on the site itself
 * (`/media/…`; not `//host/…`, which leaves the site). Plain `http://` images
 * are blocked by the site's Content-Security-Policy, so they are refused here.
 */
export function imageUrlProblem(value: string): string | null {
  if (value.startsWith('/')) {
    try {
      // `//host` and `/\host` resolve to another host; a path stays on the site.
      return new URL(value, SITE).origin === SITE ? null : 'validation.imageUrl.invalid';
    } catch {
      return 'validation.imageUrl.invalid';
    }
  }
  try {
    const url = new URL(value);
    if (url.protocol === 'https:') return null;
    return url.protocol === 'http:'
      ? 'validation.imageUrl.insecure'
      : 'validation.imageUrl.invalid';
  } catch {
    return 'validation.imageUrl.invalid';
  }
}

export function isImageUrl(value: string): boolean {
  return imageUrlProblem(value) === null;
}
