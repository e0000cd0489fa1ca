import { createHash } from 'node:crypto';
import { sourceText, type SourceText } from '#shared/source-hash';

/** The source hash (shared/source-hash.ts) computed with node:crypto, as the server keeps it. */
export function storedSourceHash(text: SourceText): string {
  return createHash('sha256').update(sourceText(text), 'utf8').digest('hex');
}

/**
 * The source of a translation whose source is not known (restored from a
 * revision saved before revisions kept it): no text hashes to it, so the
 * translation counts as outdated until someone rewrites it or marks it
 * current.
 */
export const UNKNOWN_SOURCE_HASH = '0'.repeat(64);
