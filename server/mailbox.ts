/**
 * E-mail addresses as the mail code meets them: MAIL_FROM and NOTIFY_EMAIL
 * from the configuration, and the visitor's address before it becomes a
 * recipient or a Reply-To.
 */

export type Mailbox = { name: string; address: string };

/**
 * A plain addr-spec: dot-atom local part (letters of any script allowed,
 * RFC 6531) and a host name of dot-separated labels with a top-level domain.
 * No quotes, comments, commas, brackets, spaces or line breaks, so it can
 * never carry a second address or a header.
 */
const ADDRESS =
  /^[\p{L}\p{N}!#$%&'*+/=?^_`{|}~-]+(?:\.[\p{L}\p{N}!#$%&'*+/=?^_`{|}~-]+)*@(?:[\p{L}\p{N}](?:[\p{L}\p{N}-]{0,61}[\p{L}\p{N}])?\.)+[\p{L}]{2,63}$/u;

/** The longest address mail servers deliver to. */
const MAX_ADDRESS = 254;

export function isMailAddress(value: string): boolean {
  return value.length <= MAX_ADDRESS && ADDRESS.test(value);
}

/**
 * `hello@example.com`, `<hello@example.com>` or `Forge Industrial <hello@example.com>`
 * (the display name optionally in double quotes); null for anything else.
 */
export function parseMailbox(value: string): Mailbox | null {
  const text = value.trim();
  if (/\p{Cc}/u.test(text)) return null;
  if (isMailAddress(text)) return { name: '', address: text };
  const match = /^(.*?)\s*<([^<>]+)>$/.exec(text);
  if (!match) return null;
  const [, rawName = '', address = ''] = match;
  const name = rawName.trim().replace(/^"(.*)"$/, '$1');
  if (/["<>\p{Cc}]/u.test(name) || !isMailAddress(address)) return null;
  return { name, address };
}
