import { ContactSchema } from '#shared/contact-schema';
import { fieldErrors } from '#shared/validation';
import type { ContactErrors, ContactValues } from './useContactForm';

/** Checks the values with the shared schema (which trims them first). */
export function validateContact(values: ContactValues): ContactErrors {
  const result = ContactSchema.safeParse(values);
  return result.success ? {} : (fieldErrors(result.error) as ContactErrors);
}
