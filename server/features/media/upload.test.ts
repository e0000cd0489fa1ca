import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readlinkSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as pause } from 'node:timers/promises';
import express, { type ErrorRequestHandler } from 'express';
import request from 'supertest';
import { afterAll, describe, expect, it } from 'vitest';
import { makeImage } from '../../../tests/support/images';
import { createTestApp, signedIn } from '../../../tests/support/test-app';
import { AppError } from '../../errors';
import { removeStaleUploads, singleUpload, type ReceivedUpload } from './upload';

/** Receiving an upload to disk: where it goes, and whose fault a failure is. */

const work = mkdtempSync(path.join(tmpdir(), 'upload-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const LIMITS = { image: 1024 * 1024, document: 1024 * 1024, video: 1024 * 1024 };

/** The upload handler alone, answering what it received (or the error's status). */
function receiver(tempDir: string) {
  const app = express();
  app.post('/upload', singleUpload(LIMITS, tempDir), (req, res) => {
    const file = req.file as unknown as ReceivedUpload;
    res.status(201).json({ type: file.uploadType, size: file.size, kept: existsSync(file.path) });
  });
  const answer: ErrorRequestHandler = (error, _req, res, _next) => {
    res.status(error instanceof AppError ? error.status : 500).json({ error: String(error) });
  };
  app.use(answer);
  return app;
}

describe('an upload received to disk', () => {
  it('waits for its folder to exist before opening the file in it', async () => {
    // A folder several levels down takes mkdir longer than opening a file takes to fail.
    const deep = path.join(work, 'a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'uploads');
    const png = await makeImage('png', { width: 64, height: 48 });
    const res = await request(receiver(deep))
      .post('/upload')
      .attach('file', png, 'plan.png')
      .expect(201);
    expect(res.body).toEqual({ type: 'image/png', size: png.length, kept: true });
  });

  it('leaves nothing behind when refused while its file is still being opened', async () => {
    // A refusal on the first bytes comes while the file is opening; many at
    // once keep the file system's threads busy, which is when that used to
    // leave files behind (it did in CI, and several per run here).
    const dir = path.join(work, 'refused');
    const app = receiver(dir);
    const program = Buffer.alloc(8192);
    program.write('MZ', 0, 'latin1');
    for (let round = 0; round < 20; round++) {
      await Promise.all(
        Array.from({ length: 20 }, () =>
          request(app).post('/upload').attach('file', program, 'datasheet.pdf').expect(415),
        ),
      );
    }
    expect(readdirSync(dir)).toEqual([]);
  });

  it('leaves neither its file nor an open handle when the request is cut off mid-file', async () => {
    const dir = path.join(work, 'cut-off');
    const server = createServer(receiver(dir));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    /** Files of this process open in `dir`. */
    const openHere = () =>
      readdirSync('/proc/self/fd')
        .map((fd) => {
          try {
            return readlinkSync(`/proc/self/fd/${fd}`);
          } catch {
            return '';
          }
        })
        .filter((target) => target.startsWith(dir));
    const received = () => (existsSync(dir) ? readdirSync(dir) : []);
    try {
      const { port } = server.address() as AddressInfo;
      // The start of an MP4 (its `ftyp` box), of a body announced as 5 MB: the tab is
      // closed (the connection dropped) after 300 kB.
      const start = Buffer.alloc(300_000);
      start.writeUInt32BE(24, 0);
      start.write('ftypisom', 4, 'latin1');
      start.write('isom', 16, 'latin1');
      const socket = connect(port, '127.0.0.1');
      socket.on('error', () => undefined);
      await new Promise((resolve) => socket.once('connect', resolve));
      socket.write(
        `POST /upload HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n` +
          'Content-Type: multipart/form-data; boundary=cut\r\nContent-Length: 5000000\r\n\r\n' +
          '--cut\r\nContent-Disposition: form-data; name="file"; filename="line.mp4"\r\n' +
          'Content-Type: video/mp4\r\n\r\n',
      );
      socket.write(start);
      // Cut off once the server is writing the file.
      for (let i = 0; i < 200 && received().length === 0; i++) await pause(25);
      expect(received()).toHaveLength(1);
      socket.destroy();
      for (let i = 0; i < 200 && (received().length > 0 || openHere().length > 0); i++) {
        await pause(25);
      }
      expect(received()).toEqual([]);
      expect(openHere()).toEqual([]);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('is the server’s fault (500, logged), not a malformed upload, when it cannot be stored', async () => {
    const t = await createTestApp();
    try {
      const admin = await signedIn(t.app);
      // Where uploads are received is taken by a file: no folder can be made there.
      writeFileSync(path.join(t.dataDir, 'uploads'), 'in the way');
      const png = await makeImage('png', { width: 64, height: 48 });
      const res = await admin.post('/api/media').attach('file', png, 'plan.png').expect(500);
      expect(res.body.error).not.toMatch(/upload|multipart/i);
      expect(JSON.stringify(res.body)).not.toMatch(/ENOTDIR|EEXIST|at .*\.ts/);
      expect(readdirSync(path.join(t.dataDir))).toContain('uploads');
    } finally {
      await t.destroy();
    }
  });
});

describe('removeStaleUploads', () => {
  it('removes the files of uploads left by an earlier run, and nothing else', async () => {
    const dir = path.join(work, 'stale');
    expect(await removeStaleUploads(dir)).toBe(0);
    mkdirSync(dir);
    const longAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    for (const name of ['77-aa.upload', '77-bb.upload.stripped.upload', 'notes.txt']) {
      writeFileSync(path.join(dir, name), 'x');
      utimesSync(path.join(dir, name), longAgo, longAgo);
    }
    expect(await removeStaleUploads(dir)).toBe(2);
    expect(readdirSync(dir)).toEqual(['notes.txt']);
  });

  it('leaves the files another instance sharing DATA_DIR is still receiving or checking', async () => {
    const dir = path.join(work, 'shared');
    mkdirSync(dir);
    const at = (minutes: number) => new Date(Date.now() - minutes * 60 * 1000);
    // Bytes arriving now; the last byte 5 minutes ago (a video being probed); a crash 2 hours ago.
    const files = { '12-now.upload': 0, '13-checking.upload': 5, '14-crashed.upload': 120 };
    for (const [name, minutes] of Object.entries(files)) {
      writeFileSync(path.join(dir, name), 'x');
      utimesSync(path.join(dir, name), at(minutes), at(minutes));
    }
    expect(await removeStaleUploads(dir)).toBe(1);
    expect(readdirSync(dir).sort()).toEqual(['12-now.upload', '13-checking.upload']);
  });
});
