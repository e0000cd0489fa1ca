import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Response } from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import { sendParts } from './stream-response';

let server: Server | undefined;
afterEach(
  () => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())),
);

/** Serves `sendParts` on a response that already has `listeners` 'close' listeners. */
async function download(listeners: number): Promise<string> {
  server = createServer((_req, res) => {
    // What the real chain holds by then: the in-flight count, the request log, the session…
    for (let i = 0; i < listeners; i++) res.once('close', () => undefined);
    async function* parts() {
      for (let i = 0; i < 3; i++) yield `part ${i}\n`;
    }
    void sendParts(res as unknown as Response, parts());
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return (await fetch(`http://127.0.0.1:${port}/`)).text();
}

describe('sendParts', () => {
  it('streams every part, on a response the middleware already listens to, without a leak warning', async () => {
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(warning.name);
    process.on('warning', onWarning);
    try {
      expect(await download(9)).toBe('part 0\npart 1\npart 2\n');
      // Warnings are emitted on the next tick.
      await new Promise((resolve) => setImmediate(resolve));
    } finally {
      process.off('warning', onWarning);
    }
    expect(warnings).not.toContain('MaxListenersExceededWarning');
  });
});
