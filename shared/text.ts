import { z } from 'zod';
import './zod-setup';

/**
 * Input hygiene for every text field the product stores (enquiries,
 * articles, accounts, AI prompts), on the form and on the server alike.
 *
 * - Line breaks: browsers send a textarea's breaks as CRLF; CRLF and CR become LF.
 * - Control characters (C0 such as NUL, ESC and BEL, DEL, C1) are refused: a
 *   terminal escape in a name can rewrite an operator's screen, and
 *   PostgreSQL cannot store NUL at all. Multi-line fields keep LF and tab.
 * - Invisible formatting (bidirectional overrides and isolates, zero-width
 *   space, word joiner, byte-order mark) is refused in single-line fields,
 *   where it can only disguise what a name or title says. Joiners (ZWJ, ZWNJ)
 *   stay: emoji sequences and several scripts need them.
 */
/** `email`: only trimmed here; `isDeliverableEmail` refuses what an address may not hold. */
export type TextKind = 'single-line' | 'multi-line' | 'email';

// Control characters are exactly what these patterns are about.
/* eslint-disable no-control-regex, no-misleading-character-class */
const CONTROL_MULTI_LINE = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/;
const CONTROL_SINGLE_LINE = /[\u0000-\u001F\u007F-\u009F]/;
const INVISIBLE_FORMATTING = /[\u200B\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/;
/** Everything an e-mail address may not hide: also joiners, direction marks, soft hyphen, spaces. */
const EMAIL_INVISIBLE =
  /[\s\u00AD\u034F\u061C\u115F\u1160\u17B4\u17B5\u180E\u200B-\u200F\u202A-\u202E\u2060-\u206F\u3164\uFE00-\uFE0F\uFEFF\uFFA0]/;

/* eslint-enable no-control-regex, no-misleading-character-class */

/** Message key of a field that holds characters it may not. */
export const CONTROL_CHARACTERS_KEY = 'validation.text.control';

/** CRLF and lone CR as LF. */
export function normalizeNewlines(value: string): string {
  return value.replace(/\r\n?/g, '\n');
}

/** True when the text holds a character its kind of field refuses. */
export function hasForbiddenCharacters(value: string, kind: TextKind): boolean {
  if (kind === 'email') return false;
  if (kind === 'multi-line') return CONTROL_MULTI_LINE.test(value);
  return CONTROL_SINGLE_LINE.test(value) || INVISIBLE_FORMATTING.test(value);
}

/**
 * A text field as the schemas take it: missing becomes '' (so "required"
 * messages apply), line breaks normalised, trimmed, and refused with
 * `validation.text.control` when it holds a forbidden character. Pipe the
 * length rules after it.
 */
export function cleanText(kind: TextKind, requiredKey: string) {
  return z.preprocess(
    (v) => (v === undefined || v === null ? '' : typeof v === 'string' ? normalizeNewlines(v) : v),
    z
      .string({ error: requiredKey })
      .trim()
      .refine((v) => !hasForbiddenCharacters(v, kind), CONTROL_CHARACTERS_KEY),
  );
}

/** RFC 5321 limits: 64 octets of local part, 255 of domain, 254 for the whole path. */
export const EMAIL_LOCAL_MAX = 64;
export const EMAIL_MAX_LENGTH = 254;
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/**
 * The local part as an ASCII dot-atom (RFC 5322: letters, digits and the
 * symbols allowed unquoted, dots between them): what every mail server
 * takes. Letters of other scripts or emoji there need SMTPUTF8 (RFC 6531)
 * of every server on the way, for the alert's Reply-To and for the reply
 * alike; where one lacks it, the answer never arrives.
 */
const EMAIL_LOCAL = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
/**
 * A host name: labels of letters (any script: it is sent in its `xn--`
 * form), digits and inner hyphens, parted by single dots, none empty, so no
 * final dot (`ana@example.com.`, an absolute name in DNS, is not an address
 * mail servers take).
 */
const EMAIL_DOMAIN =
  /^(?:[\p{L}\p{N}](?:[\p{L}\p{M}\p{N}-]*[\p{L}\p{M}\p{N}])?\.)+[\p{L}\p{N}](?:[\p{L}\p{M}\p{N}-]*[\p{L}\p{M}\p{N}])?$/u;
const utf8Length = (value: string) => new TextEncoder().encode(value).length;

/**
 * True for an address mail servers accept and an operator can read: text,
 * one @, a domain with a dot, no spaces, within RFC 5321's lengths (counted
 * in UTF-8 octets), a local part of ASCII (`EMAIL_LOCAL`) and a host name
 * without a final dot (`EMAIL_DOMAIN`), so nothing that needs quoting, and
 * without invisible or control characters.
 */
export function isDeliverableEmail(value: string): boolean {
  if (!EMAIL_SHAPE.test(value)) return false;
  if (CONTROL_SINGLE_LINE.test(value) || EMAIL_INVISIBLE.test(value)) return false;
  const at = value.lastIndexOf('@');
  const local = value.slice(0, at);
  const domain = value.slice(at + 1);
  return (
    utf8Length(value) <= EMAIL_MAX_LENGTH &&
    utf8Length(local) <= EMAIL_LOCAL_MAX &&
    utf8Length(domain) <= 255 &&
    EMAIL_LOCAL.test(local) &&
    EMAIL_DOMAIN.test(domain)
  );
}
