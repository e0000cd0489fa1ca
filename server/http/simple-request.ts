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

/** The headers read (each at most once): what the page cache and the request line need. */
export const READ_HEADERS = [
  'host',
  'cookie',
  'accept-encoding',
  'if-none-match',
  'x-forwarded-proto',
  'user-agent',
] as const;

export type SimpleHeaders = Partial<Record<(typeof READ_HEADERS)[number], string>>;

const READ = new Set<string>(READ_HEADERS);
/** Headers that hand the request to Node. */
const REFUSED = new Set([
  'content-length',
  'transfer-encoding',
  'upgrade',
  'expect',
  'te',
  'trailer',
  'http2-settings',
]);

const MAX_TARGET_BYTES = 2048;
const MAX_HEADERS = 64;

/** `GET /path?query HTTP/1.1`: an origin-form target of visible ASCII. */
const REQUEST_LINE = /^(GET|HEAD) (\/[!-~]*) HTTP\/1\.1$/;
/** Any byte a field line may not hold: all but tabs and visible ASCII (so also a CR or LF). */
const NOT_FIELD_TEXT = /[^\t\x20-\x7e]/;
/** A field name: a token. */
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

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
 */
export function readSimpleRequest(
  chunk: Buffer,
  socket: Socket,
  maxHeadBytes = maxHeaderSize,
): SimpleRequest | null {
  if (chunk.length > maxHeadBytes) return null;
  const end = chunk.indexOf('\r\n\r\n');
  // One request, whole, and nothing after it.
  if (end === -1 || end + 4 !== chunk.length) return null;
  const lines = chunk.toString('latin1', 0, end).split('\r\n');
  if (lines.length > MAX_HEADERS + 1) return null;
  const requestLine = REQUEST_LINE.exec(lines[0]!);
  if (!requestLine || requestLine[2]!.length > MAX_TARGET_BYTES) return null;
  const headers: Record<string, string> = {};
  for (let i = 1; i < lines.length; i += 1) {
    const line = lines[i]!;
    // Checked by scanning, each part once: a pattern that lets whitespace
    // belong to two parts backtracks quadratically on a long line that fails.
    if (NOT_FIELD_TEXT.test(line)) return null;
    const colon = line.indexOf(':');
    // No name, or whitespace before the colon or at the start (obs-fold): not a token.
    if (colon < 1 || !TOKEN.test(line.slice(0, colon))) return null;
    const name = line.slice(0, colon).toLowerCase();
    // Only spaces and tabs can surround the value here, which is all trim then removes.
    const value = line.slice(colon + 1).trim();
    if (REFUSED.has(name)) return null;
    if (name === 'connection') {
      if (value.toLowerCase() !== 'keep-alive') return null;
      continue;
    }
    if (!READ.has(name)) continue;
    if (name in headers) return null;
    headers[name] = value;
  }
  // HTTP/1.1 requires Host, and Node answers 400 without one.
  if (headers.host === undefined) return null;
  return {
    method: requestLine[1] as 'GET' | 'HEAD',
    url: requestLine[2]!,
    headers: headers as SimpleHeaders,
    socket,
  };
}
