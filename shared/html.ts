const NEEDS_ESCAPE = /[&<>"']/;

/**
 * Escapes text for HTML and XML, in element content and in quoted attribute
 * values alike: the one escaper of head tags, documents, feeds and e-mails.
 */
export function escapeHtml(value: string): string {
  // Most text has nothing to escape (a sitemap escapes thousands of addresses).
  if (!NEEDS_ESCAPE.test(value)) return value;
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}
