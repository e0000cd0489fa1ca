import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import express, { type ErrorRequestHandler } from 'express';
import request from 'supertest';
import { afterAll, describe, expect, it } from 'vitest';
import { makeImage } from '../../../tests/support/images';
import { createTestApp, signedIn } from '../../../tests/support/test-app';
import { AppError } from '../../errors';
import { singleUpload, type ReceivedUpload } from './upload';

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
