import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findNginx, startDocumentedProxy } from '../../../tests/support/nginx-proxy';
import { freePort } from '../../../tests/support/postgres';
import { createTestApp, TEST_ADMIN, type TestApp } from '../../../tests/support/test-app';
import { PROJECT_ROOT } from '../../project-root';

const nginx = findNginx();

/** A photo the size of a phone's (over 3 MB): grain kept whole, which JPEG cannot make small. */
const phonePhoto = () =>
  sharp({
    create: {
      width: 1280,
      height: 960,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 80 },
    },
  })
    .jpeg({ quality: 100, chromaSubsampling: '4:4:4' })
    .toBuffer();

/**
 * Uploads through the nginx of docs/deploy.md (read from the guide itself):
 * nginx refuses a body over 1 MB unless told otherwise, with its own 413
 * page, so the guide's upload address must take the largest upload the app
 * takes, while every other address keeps nginx's small limit.
 */
describe.skipIf(!nginx)('uploads through the nginx of docs/deploy.md', () => {
  let t: TestApp;
  let server: Server;
  let proxy: Awaited<ReturnType<typeof startDocumentedProxy>>;
  let dir: string;

  beforeAll(async () => {
    t = await createTestApp();
    server = createServer(t.app);
    const port = await freePort();
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    dir = mkdtempSync(path.join(tmpdir(), 'nginx-uploads-'));
    proxy = await startDocumentedProxy(nginx!, {
      dir,
      upstreamPort: port,
      listenPort: await freePort(),
      installRoot: PROJECT_ROOT,
    });
  }, 60_000);

  afterAll(async () => {
    await proxy?.stop();
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
    await t?.destroy();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('takes a 3 MB phone photo into the library', async () => {
    const admin = request.agent(proxy.url);
    await admin.post('/api/auth/login').send(TEST_ADMIN).expect(200);
    const photo = await phonePhoto();
    expect(photo.length).toBeGreaterThan(3 * 1024 * 1024);
    const res = await admin.post('/api/media').attach('file', photo, 'IMG_0042.jpg');
    expect([res.status, res.type]).toEqual([201, 'application/json']);
    expect(res.body.data).toMatchObject({ type: 'image/jpeg', name: 'IMG_0042.jpg' });
  }, 60_000);

  it('keeps nginx’s own 1 MB limit on every other address', async () => {
    const res = await fetch(`${proxy.url}/api/contacts`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ message: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(res.status).toBe(413);
    expect(await res.text()).toContain('nginx');
  });
});
