import { createHash } from 'node:crypto';
import { STATUS_CODES, type OutgoingHttpHeaders } from 'node:http';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Headers that belong to one delivery, not to the answer's bytes: never kept. */
const PER_DELIVERY = new Set([
  'set-cookie',
  'content-length',
  'content-encoding',
  'transfer-encoding',
  'etag',
  'date',
  'connection',
  'keep-alive',
  'x-request-id',
  'vary',
]);

export type Encoding = 'br' | 'gzip' | 'identity';

/**
 * How hard the bodies are compressed: `fast` when an answer is first kept
 * (brotli 4 and gzip 1, about a millisecond each for a page), `best` once
 * it has proved popular (brotli 11 and gzip 9, tens of milliseconds on
 * zlib's threads; a tenth smaller). A miss costs little more than its
 * render, and only answers asked again and again get the slow pass.
 */
export type Compression = 'fast' | 'best';

/** A finished public answer, kept once and sent many times. */
export type CachedAnswer = {
  status: number;
  /** Strong validator over the exact bytes. */
  etag: string;
  bodies: Partial<Record<Encoding, Buffer>> & { identity: Buffer };
  /** Everything to send with each body, ready for `writeHead`. */
  heads: Partial<Record<Encoding, OutgoingHttpHeaders>>;
  /** The headers for a 304 (validators and caching rules, no body headers). */
  notModified: OutgoingHttpHeaders;
  /**
   * Each head as Node writes it from `heads` or `notModified`: the status
   * line and the headers, without the per-delivery ones that end it (Date,
   * Connection). For the socket lane, which sends a hit without Node's `http`.
   */
  headBytes: Partial<Record<Encoding, Buffer>> & { notModified: Buffer };
  bytes: number;
  compression: Compression;
  /**
   * Times it was sent: one increment per hit, on the answer itself, so a
   * count per page (its key: path, canonical query, language, origin) costs
   * nothing more. It decides when an answer is compressed better.
   */
  hits: number;
  /** The page view a delivery counts as (analytics' view tag), for a page that counts. */
  view?: string;
};

/** A response's status line and headers as Node's `writeHead` writes them, each line ending in CRLF. */
export function headBytes(status: number, headers: OutgoingHttpHeaders): Buffer {
  let text = `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'unknown'}\r\n`;
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) text += `${name}: ${one}\r\n`;
  }
  // Node writes a head in latin1 too (its header checks allow no other characters).
  return Buffer.from(text, 'latin1');
}

/** The headers of a response worth keeping: content type, caching rules, security headers… */
export function keptHeaders(all: OutgoingHttpHeaders): OutgoingHttpHeaders {
  return Object.fromEntries(Object.entries(all).filter(([name]) => !PER_DELIVERY.has(name)));
}

/** Brotli and gzip bodies of `identity`, on zlib's threads (off the request path). */
async function compress(identity: Buffer, compression: Compression) {
  const best = compression === 'best';
  const [br, gzip] = await Promise.all([
    brotli(identity, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: best ? constants.BROTLI_MAX_QUALITY : 4,
        [constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
        // A window just big enough for the page (the default is 4 MiB, and the
        // encoder's memory grows with it), so a render costs kilobytes, not megabytes.
        [constants.BROTLI_PARAM_LGWIN]: windowBits(identity.length),
      },
    }),
    gzipAsync(identity, { level: best ? constants.Z_BEST_COMPRESSION : constants.Z_BEST_SPEED }),
  ]);
  return { br, gzip };
}

/** The answer with brotli and gzip bodies beside the plain one, compressed as `compression` says. */
export async function cachedAnswer(
  status: number,
  headers: OutgoingHttpHeaders,
  vary: string | undefined,
  identity: Buffer,
  compression: Compression = 'fast',
): Promise<CachedAnswer> {
  const common = {
    ...headers,
    // Says where an answer came from: an operator wondering why a page did not change looks here.
    'X-Cache': 'HIT',
    Vary: [vary, 'Accept-Encoding'].filter(Boolean).join(', '),
  };
  const answer = keptAnswer(status, common, {
    identity,
    ...(await compress(identity, compression)),
  });
  answer.compression = compression;
  return answer;
}

/**
 * An answer of bytes already made (a built file and the brotli and gzip
 * copies the build wrote beside it, when it did), with a strong ETag over
 * the plain bytes; `headers` are sent with every body.
 */
export function keptAnswer(
  status: number,
  headers: OutgoingHttpHeaders,
  bodies: Partial<Record<Encoding, Buffer>> & { identity: Buffer },
): CachedAnswer {
  const etag = `"${createHash('sha256').update(bodies.identity).digest('base64url').slice(0, 27)}"`;
  const common = { ...headers, ETag: etag };
  const notModified = {
    ETag: etag,
    ...(headers.Vary ? { Vary: headers.Vary } : {}),
    ...(headers['cache-control'] ? { 'Cache-Control': headers['cache-control'] } : {}),
  };
  const answer: CachedAnswer = {
    status,
    etag,
    bodies: { identity: bodies.identity },
    heads: {},
    notModified,
    headBytes: { notModified: headBytes(304, notModified) } as CachedAnswer['headBytes'],
    bytes: 0,
    compression: 'best',
    hits: 0,
  };
  setBodies(answer, common, bodies);
  answer.bytes =
    bodies.identity.length + (bodies.br?.length ?? 0) + (bodies.gzip?.length ?? 0) + 4096;
  return answer;
}

/**
 * Compresses a kept answer again at the best level, then swaps its bodies
 * in: the same bytes once decompressed, the same ETag. Sends already under
 * way keep the buffers they hold. `bytes` stays what the cache counted when
 * it kept the answer (the new bodies are smaller).
 */
export async function compressBetter(answer: CachedAnswer): Promise<void> {
  if (answer.compression === 'best') return;
  const bodies = await compress(answer.bodies.identity, 'best');
  const { 'Content-Length': _length, ...common } = answer.heads.identity!;
  setBodies(answer, common, { identity: answer.bodies.identity, ...bodies });
  answer.compression = 'best';
}

function setBodies(
  answer: CachedAnswer,
  common: OutgoingHttpHeaders,
  bodies: Partial<Record<Encoding, Buffer>> & { identity: Buffer },
): void {
  const heads: CachedAnswer['heads'] = {};
  const bytes = { ...answer.headBytes };
  for (const encoding of ENCODINGS) {
    const body = bodies[encoding];
    if (body === undefined) continue;
    heads[encoding] = {
      ...common,
      ...(encoding === 'identity' ? {} : { 'Content-Encoding': encoding }),
      'Content-Length': body.length,
    };
    bytes[encoding] = headBytes(answer.status, heads[encoding]);
  }
  answer.bodies = bodies;
  answer.heads = heads;
  answer.headBytes = bytes;
}

const ENCODINGS = ['identity', 'br', 'gzip'] as const;

/** The body `picked` by Accept-Encoding, or the plain one when the answer has no such copy. */
export function variantOf(answer: CachedAnswer, picked: Encoding): Encoding {
  return answer.bodies[picked] === undefined ? 'identity' : picked;
}
/** The few `Accept-Encoding` values browsers send, already read (a hit reads none again). */
const pickedEncodings = new Map<string, Encoding>();
const MAX_PICKED = 64;

/** The smallest brotli window (2^bits bytes, 10 to 24) that holds `length` bytes. */
function windowBits(length: number): number {
  const bits = Math.ceil(Math.log2(Math.max(length, 1)));
  return Math.min(
    constants.BROTLI_MAX_WINDOW_BITS,
    Math.max(constants.BROTLI_MIN_WINDOW_BITS, bits),
  );
}

/** `br`, `gzip` or plain, as `Accept-Encoding` allows. */
export function pickEncoding(acceptEncoding: string | undefined): Encoding {
  if (!acceptEncoding) return 'identity';
  let picked = pickedEncodings.get(acceptEncoding);
  if (picked === undefined) {
    picked = readAcceptEncoding(acceptEncoding);
    if (pickedEncodings.size >= MAX_PICKED) pickedEncodings.clear();
    pickedEncodings.set(acceptEncoding, picked);
  }
  return picked;
}

function readAcceptEncoding(acceptEncoding: string): Encoding {
  let br = false;
  let gz = false;
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name = '', ...params] = part.trim().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q && !(Number(q.slice(2)) > 0)) continue;
    if (name === 'br') br = true;
    else if (name === 'gzip') gz = true;
    else if (name === '*') br = gz = true;
  }
  return br ? 'br' : gz ? 'gzip' : 'identity';
}

/** True when `If-None-Match` names this answer's validator (or `*`). */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === '*' || tag === etag);
}
