import type { z } from 'zod';

/**
 * The first message of each field of a failed parse: `{field: messageKey}`.
 * Used by forms (to show one error under each field) and by the API (`details`).
 * A nested field is named by its path: `translations.pt.title`.
 */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = issue.path.length ? issue.path.map(String).join('.') : '_';
    if (!(field in out)) out[field] = issue.message;
  }
  return out;
}
