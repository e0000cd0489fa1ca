/**
 * E-mail addresses as the mail code meets them: MAIL_FROM and NOTIFY_EMAIL
 * from the configuration, and the visitor's address before it becomes a
 * recipient or a Reply-To.
 */

export type Mailbox = { name: string; address: string };

/**
 * A plain addr-spec: dot-atom local part (letters of any script allowed,
 * RFC 6531) and a host name of dot-separated labels ending in a top-level
 * domain that is not all digits: letters of any script with their combining
 * marks (`भारत`), or the ASCII form browsers send for them (`xn--p1ai`).
 * No quotes, comments, commas, brackets, spaces or line breaks, so it can
 * never carry a second address or a header.
 */
const ADDRESS =
  /^[\p{L}\p{M}\p{N}!#$%&'*+/=?^_`{|}~-]+(?:\.[\p{L}\p{M}\p{N}!#$%&'*+/=?^_`{|}~-]+)*@(?:[\p{L}\p{N}](?:[\p{L}\p{M}\p{N}-]{0,61}[\p{L}\p{M}\p{N}])?\.)+(?=[^.]*\p{L})(?=[^.]{2})[\p{L}\p{N}](?:[\p{L}\p{M}\p{N}-]{0,61}[\p{L}\p{M}\p{N}])?$/u;

/** The longest address mail servers deliver to. */
const MAX_ADDRESS = 254;

/**
 * The address as mail is sent to it, or null when the mail code sends
 * nothing to it. A domain written as an absolute name (`ana@example.com.`,
 * which the form accepts) loses its final dot: mail servers expect none.
 */
export function mailAddress(value: string): string | null {
  const address = value.endsWith('.') ? value.slice(0, -1) : value;
  return address.length <= MAX_ADDRESS && ADDRESS.test(address) ? address : null;
}

/**
 * `hello@example.com`, `<hello@example.com>` or `Forge Industrial <hello@example.com>`
 * (the display name optionally in double quotes); null for anything else.
 */
export function parseMailbox(value: string): Mailbox | null {
  const text = value.trim();
  if (/\p{Cc}/u.test(text)) return null;
  const bare = mailAddress(text);
  if (bare) return { name: '', address: bare };
  const match = /^(.*?)\s*<([^<>]+)>$/.exec(text);
  if (!match) return null;
  const [, rawName = '', written = ''] = match;
  const name = rawName.trim().replace(/^"(.*)"$/, '$1');
  const address = mailAddress(written);
  if (/["<>\p{Cc}]/u.test(name) || !address) return null;
  return { name, address };
}
