import { get } from 'node:http';
import type { SavedPage } from './nginx';

/** The bytes the server sends a browser for a page, once it serves them from its cache. */
export async function savePage(
  base: string,
  page: { name: string; path: string },
  headers: Record<string, string>,
  /** Served at its own address by nginx too (else at `/<name>`). */
  { atPath = false }: { atPath?: boolean } = {},
): Promise<SavedPage> {
  // Built files come from memory at once; pages once the cache has kept them.
  const built = page.path.startsWith('/assets/');
  for (let i = 0; i < 100; i++) {
    const res = await fetch(base + page.path, { headers });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${page.path} answered ${res.status}`);
    if (built || res.headers.get('x-cache') === 'HIT') {
      // fetch unpacks bodies: the saved file holds the brotli bytes as they travelled.
      const body = await rawBytes(base + page.path, headers);
      const saved = { name: page.name, body, headers: Object.fromEntries(res.headers) };
      return atPath ? { ...saved, path: page.path } : saved;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`${page.path} never came from the page cache`);
}

function rawBytes(url: string, headers: Record<string, string>): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    get(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve(Buffer.concat(chunks)));
    }).on('error', reject);
  });
}
