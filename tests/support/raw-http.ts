import { connect } from 'node:net';

/** How a connection ended: the status of the answer it got (0: none), and whether it was reset. */
export type RawOutcome = { status: number; reset: boolean; head: string };

/**
 * Sends `text` (one whole HTTP/1.1 request) on a new connection to
 * 127.0.0.1:`port`: `sent` resolves once it is written, `outcome` once the
 * server has closed the connection.
 */
export function rawExchange(port: number, text: string) {
  const socket = connect(port, '127.0.0.1');
  let received = '';
  socket.on('data', (d: Buffer) => (received += d.toString('latin1')));
  const sent = new Promise<void>((resolve) =>
    socket.once('connect', () => socket.write(text, () => resolve())),
  );
  const outcome = new Promise<RawOutcome>((resolve) => {
    let reset = false;
    socket.on('error', () => (reset = true));
    socket.on('close', () => {
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(received)?.[1] ?? 0);
      resolve({ status, reset, head: received.split('\r\n\r\n')[0] ?? '' });
    });
  });
  return { socket, sent, outcome };
}

/**
 * A kept-alive connection that has had its answer (to `HEAD /`) and now
 * waits; `closed` resolves (with the time) when the server closes it.
 */
export async function idleConnection(port: number): Promise<{ closed: Promise<number> }> {
  const socket = connect(port, '127.0.0.1');
  await new Promise<void>((resolve) => {
    socket.on('data', (d: Buffer) => d.includes('\r\n\r\n') && resolve());
    socket.once('connect', () =>
      socket.write(`HEAD / HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`),
    );
  });
  socket.on('error', () => undefined);
  return { closed: new Promise((resolve) => socket.once('close', () => resolve(Date.now()))) };
}

/** A complete request of one of three kinds: an enquiry (POST), a cached page, an API read. */
export function mixedRequest(port: number, i: number, marker: string): string {
  const host = `Host: 127.0.0.1:${port}\r\n`;
  if (i % 3 === 1) return `GET / HTTP/1.1\r\n${host}\r\n`;
  if (i % 3 === 2) return `GET /api/news HTTP/1.1\r\n${host}\r\n`;
  const body = JSON.stringify({
    name: 'Stop Test',
    email: 'stop@example.com',
    message: `Sent before the stop (${marker}-${i}).`,
  });
  return (
    `POST /api/contacts HTTP/1.1\r\n${host}Content-Type: application/json\r\n` +
    `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`
  );
}
