import type { z } from 'zod';

/**
 * The first message of each field of a failed parse: `{field: messageKey}`.
 * Used by forms (to show one error under each field) and by the API (`details`).
 */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '_');
    if (!(field in out)) out[field] = issue.message;
  }
  return out;
}
