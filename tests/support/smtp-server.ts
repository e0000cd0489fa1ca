import { SMTPServer, type SMTPServerOptions } from 'smtp-server';

/**
 * A real SMTP server on 127.0.0.1 (the `smtp-server` package) that keeps
 * every message it accepts, decoded enough to check headers and both parts.
 */

export type ReceivedMail = {
  envelope: { from: string; to: string[] };
  /** Header values by lower-case name, unfolded, encoded words decoded. */
  headers: Map<string, string[]>;
  header(name: string): string | undefined;
  subject: string;
  text: string;
  html: string;
  raw: string;
  /** The session was upgraded to TLS (STARTTLS or smtps). */
  secure: boolean;
  /** The username the client authenticated with, if any. */
  user: string | undefined;
};

export type TestSmtpServer = {
  port: number;
  url: string;
  received: ReceivedMail[];
  /** Resolves once `count` messages have arrived in total (rejects after `timeoutMs`). */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  close(): Promise<void>;
};

export type SmtpServerOptions = {
  port?: number;
  /** Answer RCPT TO for these addresses with this code (550 permanent, 450 temporary). */
  rejectRecipients?: Map<string, number>;
  /** Refuse every login with 535 (wrong user name or password). */
  refuseLogin?: boolean;
  /** Offer STARTTLS (with smtp-server's built-in test certificate). */
  starttls?: boolean;
  /** Speak TLS from the start (smtps). */
  secure?: boolean;
};

export async function startSmtpServer(options: SmtpServerOptions = {}): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  const waiters = new Set<() => void>();
  const config: SMTPServerOptions = {
    secure: options.secure ?? false,
    hideSTARTTLS: !options.starttls && !options.secure,
    authOptional: true,
    allowInsecureAuth: true,
    disableReverseLookup: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (options.refuseLogin)
        return callback(
          Object.assign(new Error('Invalid username or password'), { responseCode: 535 }),
        );
      callback(null, { user: auth.username });
    },
    onRcptTo(address, _session, callback) {
      const code = options.rejectRecipients?.get(address.address);
      if (!code) return callback();
      const error = Object.assign(new Error(`Mailbox <${address.address}> unavailable`), {
        responseCode: code,
      });
      callback(error);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        received.push({
          ...parseMessage(raw),
          raw,
          envelope: {
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
          },
          secure: session.secure,
          user: (session.user as string | undefined) ?? undefined,
        });
        waiters.forEach((w) => w());
        callback();
      });
    },
  };
  const server = new SMTPServer(config);
  server.on('error', () => undefined);
  const port = await new Promise<number>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      const address = server.server.address();
      resolve(typeof address === 'object' && address ? address.port : 0);
    });
  });
  const scheme = options.secure ? 'smtps' : 'smtp';
  const tls = options.starttls || options.secure ? '?tls.rejectUnauthorized=false' : '';
  return {
    port,
    url: `${scheme}://mailer:secret-pass-123@127.0.0.1:${port}/${tls}`,
    received,
    waitFor(count, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (received.length < count) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(received.slice());
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`expected ${count} messages, got ${received.length}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** A port nothing listens on (taken and released at once). */
export async function closedPort(): Promise<number> {
  const probe = await startSmtpServer();
  await probe.close();
  return probe.port;
}

type Part = { headers: Map<string, string[]>; body: string };

function decodeWords(value: string): string {
  return value
    .replace(/(=\?[^?]+\?[QqBb]\?[^?]*\?=)\s+(?==\?)/g, '$1')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_m, _charset, encoding: string, text: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQp(text.replace(/_/g, ' ')),
    );
}

function decodeQp(text: string): string {
  const bytes: number[] = [];
  const input = text.replace(/=\r?\n/g, '');
  for (let i = 0; i < input.length; i++) {
    const hex = input.slice(i + 1, i + 3);
    if (input[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else bytes.push(...Buffer.from(input[i]!, 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

function parsePart(raw: string): Part {
  const split = raw.indexOf('\r\n\r\n');
  const head = split === -1 ? raw : raw.slice(0, split);
  const body = split === -1 ? '' : raw.slice(split + 4);
  const headers = new Map<string, string[]>();
  for (const line of head.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    headers.set(name, [...(headers.get(name) ?? []), decodeWords(line.slice(colon + 1).trim())]);
  }
  return { headers, body };
}

function decodeBody(part: Part): string {
  const encoding = (part.headers.get('content-transfer-encoding')?.[0] ?? '7bit').toLowerCase();
  if (encoding === 'base64')
    return Buffer.from(part.body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return decodeQp(part.body);
  return part.body;
}

/** The text and HTML parts of a (possibly nested) multipart message. */
function leaves(part: Part): Part[] {
  const type = part.headers.get('content-type')?.[0] ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (!type.toLowerCase().startsWith('multipart/') || !boundary) return [part];
  return part.body
    .split(`--${boundary}`)
    .slice(1, -1)
    .flatMap((chunk) => leaves(parsePart(chunk.replace(/^\r\n/, '').replace(/\r\n$/, ''))));
}

export function parseMessage(
  raw: string,
): Omit<ReceivedMail, 'raw' | 'envelope' | 'secure' | 'user'> {
  const top = parsePart(raw);
  const parts = leaves(top);
  const of = (type: string) =>
    parts
      .filter((p) => (p.headers.get('content-type')?.[0] ?? 'text/plain').startsWith(type))
      .map(decodeBody)
      .join('');
  return {
    headers: top.headers,
    header: (name) => top.headers.get(name.toLowerCase())?.[0],
    subject: top.headers.get('subject')?.[0] ?? '',
    text: of('text/plain').replace(/\r\n/g, '\n'),
    html: of('text/html').replace(/\r\n/g, '\n'),
  };
}
