import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { BUILD_FILES, publishClientBuild } from '../../scripts/publish-client-build.mjs';
import { startBuiltCopy, type BuiltCopy } from '../../tests/support/built-copy';
import { createStaticFiles } from './static-files';

/**
 * A server of the previous release after an upgrade has published a new
 * build under it (scripts/publish-client-build.mjs), before its restart.
 */

const dir = mkdtempSync(path.join(tmpdir(), 'static-new-build-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function write(file: string, text: string) {
  mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
  writeFileSync(path.join(dir, file), text);
}

const get = (url: string) => ({ method: 'GET', url, headers: {}, socket: {} }) as never;

describe('built files of a newer build than the server’s', () => {
  it('are found, read from the disk, in production', () => {
    vi.useFakeTimers({ toFake: ['performance'] });
    try {
      write('assets/site-old.js', 'old');
      const files = createStaticFiles({ dir, dev: false, headers: {}, logger: console });
      expect(files.find(get('/assets/site-old.js'))?.status).toBe(200);
      expect(files.find(get('/assets/site-new.js'))?.status).toBe(404);

      // The new build, published beside the old one's files.
      write('assets/site-new.js', 'new');
      write('assets/site-new.js.map', '{}');
      write('assets/admin-new.js', 'admin');
      vi.advanceTimersByTime(1000);
      const found = files.find(get('/assets/site-new.js'));
      expect(found?.status).toBe(200);
      expect(found?.bodies.identity.toString()).toBe('new');
      // Listed together with it: no second look at the folder needed.
      expect(files.find(get('/assets/admin-new.js'))?.status).toBe(200);
      // Source maps stay with Express, as before.
      expect(files.find(get('/assets/site-new.js.map'))).toBeNull();
      // A name on no disk stays a 404.
      vi.advanceTimersByTime(1000);
      expect(files.find(get('/assets/none.js'))?.status).toBe(404);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('an upgrade publishing a new build under the running server', () => {
  let server: BuiltCopy;
  beforeAll(async () => {
    server = await startBuiltCopy();
  }, 60_000);
  afterAll(() => server.destroy());

  it('leaves it its own files, not yet asked for, and finds it the new build’s', async () => {
    expect((await server.get('/')).status).toBe(200);
    const live = path.join(server.root, 'dist/client');
    const next = path.join(server.root, 'dist/client.next');
    // The new build: the same files, but one chunk changed (a new hash).
    cpSync(live, next, { recursive: true });
    // The running build's own chunk: a checkout built more than once also holds the
    // previous build's files, carried over, which this build does not carry again.
    const own = JSON.parse(readFileSync(path.join(live, BUILD_FILES), 'utf8')) as string[];
    const chunk = own
      .map((file) => file.replace(/^assets\//, ''))
      .find((f) => /^ArticleFormModal-[\w-]+\.js$/.test(f))!;
    const renamed = chunk.replace(/-[\w-]+\.js$/, '-NewBuild1.js');
    for (const copy of ['', '.br', '.gz', '.map']) {
      renameSync(
        path.join(next, 'assets', chunk + copy),
        path.join(next, 'assets', renamed + copy),
      );
    }
    expect(publishClientBuild(next, live)).toContain(`assets/${chunk}`);

    const kept = await server.get(`/assets/${chunk}`);
    expect(kept.status).toBe(200);
    expect(kept.headers.get('content-encoding')).toBe('br');
    expect((await server.get(`/assets/${renamed}`)).status).toBe(200);
    expect(server.exited()).toBe(false);
  });
});
