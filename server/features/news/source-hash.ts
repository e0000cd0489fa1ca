import { createHash } from 'node:crypto';
import { sourceText, type SourceText } from '#shared/source-hash';

/** The source hash (shared/source-hash.ts) computed with node:crypto, as the server keeps it. */
export function storedSourceHash(text: SourceText): string {
  return createHash('sha256').update(sourceText(text), 'utf8').digest('hex');
}
