/**
 * Escapes text for HTML and XML, in element content and in quoted attribute
 * values alike: the one escaper of head tags, documents, feeds and e-mails.
 */
export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}
