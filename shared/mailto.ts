/**
 * The `mailto:` address of one e-mail address. A local part may hold
 * characters that mean something in a mailto URL: `?` starts headers (`cc`,
 * `bcc`, `body`), `&` and `=` part them, `%` escapes, `#` ends the address,
 * `,` adds a recipient. They are percent-encoded (RFC 6068, section 2; only
 * `@` stays as it is), so `x?cc=spy%40evil.example&body=hi@example.com`, a
 * valid address, writes to itself alone, adding no Cc and no text, and an
 * honest `sales&support@example.com` still reaches its owner.
 */
export function mailtoHref(address: string): string {
  return `mailto:${encodeURIComponent(address).replace(/%40/g, '@')}`;
}
