/** The `tel:` address of a phone number as people write it: `+351 220 145 870` -> `+351220145870`. */
export function telHref(phone: string): string {
  const digits = phone.replace(/[^\d]/g, '');
  return phone.trim().startsWith('+') ? `+${digits}` : digits;
}
