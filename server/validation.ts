import type { z } from 'zod';
import { fieldErrors } from '#shared/validation';
import { BadRequestError } from './errors';

/**
 * Parses input with a shared zod schema; on failure throws a 400 whose
 * `details` map each field to its message key (translated by the error handler).
 */
export function parseInput<S extends z.ZodType>(
  schema: S,
  input: unknown,
  message = 'apiErrors.validation',
): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (!result.success) throw new BadRequestError(message, fieldErrors(result.error));
  return result.data;
}
