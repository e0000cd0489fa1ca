import { maxHeaderSize } from 'node:http';
import type { Socket } from 'node:net';

/**
 * A request the socket lane may answer without Node's HTTP parser: a GET or
 * HEAD in HTTP/1.1, with no body and nothing that changes how the connection
 * goes on. Only the headers the page cache and the request line read are kept.
 */
export type SimpleRequest = {
  method: 'GET' | 'HEAD';
  url: string;
  headers: SimpleHeaders;
  socket: Socket;
};

/** The headers read (each at most once): what the page cache, the request line and page views need. */
export const READ_HEADERS = [
  'host',
  'cookie',
  'accept-encoding',
  'if-none-match',
  'x-forwarded-proto',
  'x-forwarded-for',
  'user-agent',
  // The language the API reads before the cookie, part of a public read's key (cache-key.ts).
  'x-language',
  // What counting a page view reads (server/features/analytics/view-filter.ts).
  'referer',
  'sec-purpose',
  'purpose',
] as const;

export type SimpleHeaders = Partial<Record<(typeof READ_HEADERS)[number], string>>;

const MAX_TARGET_BYTES = 2048;
const MAX_HEADERS = 64;
/** CR LF CR LF, read as one number. */
const BLANK_LINE = 0x0d0a0d0a;

const CR = 0x0d;
const LF = 0x0a;
const SP = 0x20;
const HT = 0x09;
const COLON = 0x3a;

/** What a byte may be: a token character (field names), visible ASCII (a target), part of a field value. */
const TOKEN = 1;
const VISIBLE = 2;
const VALUE = 4;
const BYTE_CLASS = new Uint8Array(256);
for (let byte = 0x21; byte <= 0x7e; byte++) BYTE_CLASS[byte] = VISIBLE | VALUE;
BYTE_CLASS[SP] = BYTE_CLASS[HT] = VALUE;
for (const char of "!#$%&'*+-.^_`|~0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ") {
  BYTE_CLASS[char.charCodeAt(0)]! |= TOKEN;
}

/** The end of the request line of the one version the lane reads. */
const VERSION = Buffer.from(' HTTP/1.1\r\n', 'latin1');
const GET = Buffer.from('GET /', 'latin1');
const HEAD = Buffer.from('HEAD /', 'latin1');

/**
 * The headers the lane knows, by lower-case name: those it reads, the
 * `Connection` it checks, and those that hand a request to Node.
 */
type KnownHeader =
  | { kind: 'read'; name: (typeof READ_HEADERS)[number] }
  | { kind: 'connection' }
  | { kind: 'refused' };
const KNOWN: [string, KnownHeader][] = [
  ...READ_HEADERS.map((name): [string, KnownHeader] => [name, { kind: 'read', name }]),
  ['connection', { kind: 'connection' }],
  ...[
    'content-length',
    'transfer-encoding',
    'upgrade',
    'expect',
    'te',
    'trailer',
    'http2-settings',
    // A part of a file (a video seeking, Safari playing one at all) is answered by
    // Express with 206; the lane only sends whole answers.
    'range',
    'if-range',
  ].map((name): [string, KnownHeader] => [name, { kind: 'refused' }]),
];
/** Known names by length, each with its bytes, for finding one without making a string. */
const KNOWN_BY_LENGTH: { bytes: Buffer; header: KnownHeader }[][] = [];
for (const [name, header] of KNOWN) {
  (KNOWN_BY_LENGTH[name.length] ??= []).push({ bytes: Buffer.from(name, 'latin1'), header });
}
const KEEP_ALIVE = Buffer.from('keep-alive', 'latin1');

/**
 * Reads `chunk` as exactly one complete simple request, or returns null for
 * anything else: another method or version, a body or the promise of one, a
 * request cut in two or followed by another (pipelined), a head longer than
 * `maxHeadBytes` (Node's limit, `--max-http-header-size`), a connection that
 * asks to close or upgrade, a header the lane reads given twice, or any
 * byte that RFC 9112 does not allow where it stands (bare LF, obs-fold,
 * whitespace before a colon, control characters, non-ASCII). Null means
 * "let Node's parser have it": it answers every one of those correctly
 * (with its 400, 431 or a kept connection), so being strict here costs only
 * the speed of a rare request, never a wrong answer.
 *
 * Every cached page view runs this, so it reads the bytes in place, each
 * once, through a table of what each byte may be: the only strings it makes
 * are the target and the values it keeps. (Reading the head as a string,
 * with patterns, was about 7 µs of a cached page's 48 under load.)
 */
export function readSimpleRequest(
  chunk: Buffer,
  socket: Socket,
  maxHeadBytes = maxHeaderSize,
): SimpleRequest | null {
  if (chunk.length > maxHeadBytes) return null;
  // One request, whole: a head ending in the blank line. Anything after an
  // earlier blank line (a body, a pipelined request) is an empty field line below.
  const end = chunk.length - 4;
  if (end < 0 || chunk.readUInt32BE(end) !== BLANK_LINE) return null;

  // The request line: GET or HEAD, an origin-form target of visible ASCII, HTTP/1.1.
  const method = startsWith(chunk, 0, GET) ? 'GET' : startsWith(chunk, 0, HEAD) ? 'HEAD' : null;
  if (method === null) return null;
  const targetStart = method.length + 1;
  let at = targetStart + 1;
  while (BYTE_CLASS[chunk[at]!]! & VISIBLE) at++;
  if (at - targetStart > MAX_TARGET_BYTES || !startsWith(chunk, at, VERSION)) return null;
  const url = chunk.toString('latin1', targetStart, at);
  at += VERSION.length;

  const read: SimpleHeaders = {};
  // The request line's CR LF was the first of the blank line: no Host.
  if (at > end) return null;
  for (let lines = 1; ; lines++) {
    if (lines > MAX_HEADERS) return null;
    // A name (a token) right up to the colon: whitespace before it, or at the
    // start of the line (obs-fold), is not a token.
    const nameStart = at;
    while (BYTE_CLASS[chunk[at]!]! & TOKEN) at++;
    const colon = at;
    if (colon === nameStart || chunk[colon] !== COLON) return null;
    // The value: tabs and visible ASCII, up to a CR LF.
    at++;
    while (BYTE_CLASS[chunk[at]!]! & VALUE) at++;
    if (chunk[at] !== CR || chunk[at + 1] !== LF) return null;
    const header = knownHeader(chunk, nameStart, colon);
    if (header?.kind === 'refused') return null;
    if (header) {
      let valueStart = colon + 1;
      let valueEnd = at;
      while (valueStart < valueEnd && isBlank(chunk[valueStart]!)) valueStart++;
      while (valueEnd > valueStart && isBlank(chunk[valueEnd - 1]!)) valueEnd--;
      if (header.kind === 'connection') {
        if (!sameLowerCase(chunk, valueStart, valueEnd, KEEP_ALIVE)) return null;
      } else {
        if (read[header.name] !== undefined) return null;
        read[header.name] = chunk.toString('latin1', valueStart, valueEnd);
      }
    }
    at += 2;
    // That CR LF was the first of the blank line.
    if (at === end + 2) break;
  }
  // HTTP/1.1 requires Host, and Node answers 400 without one.
  if (read.host === undefined) return null;
  return { method, url, headers: read, socket };
}

const isBlank = (byte: number) => byte === SP || byte === HT;

/** True when `chunk` holds `bytes` at `at`. */
function startsWith(chunk: Buffer, at: number, bytes: Buffer): boolean {
  if (at + bytes.length > chunk.length) return false;
  for (let i = 0; i < bytes.length; i++) if (chunk[at + i] !== bytes[i]) return false;
  return true;
}

/** True when `chunk` from `start` to `end` is `lower`, in any case. */
function sameLowerCase(chunk: Buffer, start: number, end: number, lower: Buffer): boolean {
  if (end - start !== lower.length) return false;
  for (let i = 0; i < lower.length; i++) {
    const byte = chunk[start + i]!;
    // ASCII letters only: A-Z to a-z.
    if ((byte >= 0x41 && byte <= 0x5a ? byte | 0x20 : byte) !== lower[i]) return false;
  }
  return true;
}

/** The known header whose name is at `start` to `end` (a token), in any case, or null. */
function knownHeader(chunk: Buffer, start: number, end: number): KnownHeader | null {
  const candidates = KNOWN_BY_LENGTH[end - start];
  if (candidates === undefined) return null;
  for (const candidate of candidates) {
    if (sameLowerCase(chunk, start, end, candidate.bytes)) return candidate.header;
  }
  return null;
}

/** The headers that decide where a request ends, or that hand the connection to Node for good. */
const FRAMING: [string, 'host' | 'length' | 'connection' | 'refused'][] = [
  ['host', 'host'],
  ['content-length', 'length'],
  ['connection', 'connection'],
  ...['transfer-encoding', 'upgrade', 'expect', 'te', 'trailer', 'http2-settings'].map(
    (name): [string, 'refused'] => [name, 'refused'],
  ),
];
const FRAMING_BY_LENGTH: { bytes: Buffer; kind: (typeof FRAMING)[number][1] }[][] = [];
for (const [name, kind] of FRAMING) {
  (FRAMING_BY_LENGTH[name.length] ??= []).push({ bytes: Buffer.from(name, 'latin1'), kind });
}
const CRLF_CRLF = Buffer.from('\r\n\r\n', 'latin1');
/** The methods the site answers (each followed by its space). */
const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'].map((m) =>
  Buffer.from(`${m} /`, 'latin1'),
);

/**
 * True when `chunk` is exactly one whole request that Node's parser is sure
 * to read as one (the socket lane hands it over and takes the connection
 * back once it is answered): a method the site answers, an origin-form target, HTTP/1.1,
 * one Host, header lines as strict as readSimpleRequest's, no body but
 * one whose `Content-Length` (given once) ends exactly where the chunk
 * does, and nothing that changes how the connection goes on (chunked
 * bodies, Upgrade, Expect, a Connection other than keep-alive). Anything
 * else is false, and Node keeps the connection.
 */
export function isWholeRequest(chunk: Buffer, maxHeadBytes = maxHeaderSize): boolean {
  const end = chunk.indexOf(CRLF_CRLF);
  if (end === -1 || end + 4 > maxHeadBytes) return false;
  // The request line: a method the site answers, a target of visible ASCII from `/`, HTTP/1.1.
  const method = METHODS.find((m) => startsWith(chunk, 0, m));
  if (method === undefined) return false;
  let at = method.length - 1;
  const targetStart = at;
  while (BYTE_CLASS[chunk[at]!]! & VISIBLE) at++;
  if (at - targetStart > MAX_TARGET_BYTES || !startsWith(chunk, at, VERSION)) return false;
  at += VERSION.length;
  if (at > end) return false;
  let hosts = 0;
  let length = -1;
  for (let lines = 1; ; lines++) {
    if (lines > MAX_HEADERS) return false;
    const nameStart = at;
    while (BYTE_CLASS[chunk[at]!]! & TOKEN) at++;
    const colon = at;
    if (colon === nameStart || chunk[colon] !== COLON) return false;
    at++;
    while (BYTE_CLASS[chunk[at]!]! & VALUE) at++;
    if (chunk[at] !== CR || chunk[at + 1] !== LF) return false;
    let valueStart = colon + 1;
    let valueEnd = at;
    while (valueStart < valueEnd && isBlank(chunk[valueStart]!)) valueStart++;
    while (valueEnd > valueStart && isBlank(chunk[valueEnd - 1]!)) valueEnd--;
    const candidates = FRAMING_BY_LENGTH[colon - nameStart] ?? [];
    const kind = candidates.find((c) => sameLowerCase(chunk, nameStart, colon, c.bytes))?.kind;
    if (kind === 'refused') return false;
    if (kind === 'host') hosts++;
    if (kind === 'connection' && !sameLowerCase(chunk, valueStart, valueEnd, KEEP_ALIVE)) {
      return false;
    }
    if (kind === 'length') {
      if (length !== -1 || valueEnd - valueStart < 1 || valueEnd - valueStart > 9) return false;
      length = 0;
      for (let i = valueStart; i < valueEnd; i++) {
        const digit = chunk[i]! - 0x30;
        if (digit < 0 || digit > 9) return false;
        length = length * 10 + digit;
      }
    }
    at += 2;
    if (at === end + 2) break;
  }
  return hosts === 1 && chunk.length === end + 4 + Math.max(length, 0);
}
