import { readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startBuiltCopy, type BuiltCopy } from '../../tests/support/built-copy';

let server: BuiltCopy;
beforeAll(async () => {
  server = await startBuiltCopy();
}, 60_000);
afterAll(() => server.destroy());

describe('a built file gone from the disk before its first request (an upgrade rebuilt dist/)', () => {
  it('is answered 404 with one warning, and the server goes on answering', async () => {
    expect((await server.get('/')).status).toBe(200);
    const assets = path.join(server.root, 'dist/client/assets');
    // An admin chunk: no request of this test has asked for it.
    const chunk = readdirSync(assets).find((f) => /^ArticleFormModal-.*\.js$/.test(f))!;
    expect(chunk).toBeDefined();
    for (const copy of ['', '.br', '.gz']) rmSync(path.join(assets, `${chunk}${copy}`));

    expect((await server.get(`/assets/${chunk}`)).status).toBe(404);
    expect((await server.get(`/assets/${chunk}`, 'identity')).status).toBe(404);
    expect(server.exited()).toBe(false);
    expect((await server.get('/')).status).toBe(200);
    // The log is written in batches: wait for its lines (the warning, and each request's).
    const warnings = () =>
      server
        .output()
        .split('\n')
        .filter((line) => line.includes(chunk) && line.includes('"level":40'));
    await vi.waitFor(() => expect(warnings().length).toBeGreaterThan(0));
    expect(warnings()).toHaveLength(1);
    expect(warnings()[0]).toContain('a built file could not be read');
    expect(server.output()).not.toMatch(/\n\s+at /);
  });

  it('outside /assets/ (the default article picture) goes on to the site’s own 404', async () => {
    const media = path.join(server.root, 'dist/client/media');
    const picture = readdirSync(media).find((f) => !/\.(br|gz)$/.test(f))!;
    for (const name of readdirSync(media)) rmSync(path.join(media, name));
    expect((await server.get(`/media/${picture}`)).status).toBe(404);
    expect(server.exited()).toBe(false);
    expect((await server.get('/')).status).toBe(200);
  });
});
