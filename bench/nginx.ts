import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { startNginxDaemon, type RunningNginx } from '../tests/support/nginx';

/**
 * A page saved from the server: the exact bytes it sent and the headers that
 * describe them, served by nginx at `path` (the server's own address) or `/<name>`.
 */
export type SavedPage = {
  name: string;
  path?: string;
  body: Buffer;
  headers: Record<string, string>;
};

/** Headers nginx sets itself, or that belong to one delivery. */
const OWN = new Set([
  'content-length',
  'date',
  'connection',
  'keep-alive',
  'etag',
  'x-cache',
  'x-request-id',
]);

/**
 * nginx on 127.0.0.1 serving the saved pages as static files at `/<name>`,
 * with the same headers (content type, encoding, security headers) and an
 * access log like the server's own, so both sides do the same work.
 */
export async function startNginx(
  binary: string,
  dir: string,
  port: number,
  pages: SavedPage[],
): Promise<RunningNginx> {
  const www = path.join(dir, 'www');
  mkdirSync(www, { recursive: true });
  const locations = pages.map((page) => {
    writeFileSync(path.join(www, page.name), page.body);
    const headers = Object.entries(page.headers)
      .filter(([name]) => !OWN.has(name) && name !== 'content-type')
      .map(([name, value]) => `      add_header ${name} ${JSON.stringify(value)};`)
      .join('\n');
    return [
      `    location = ${page.path ?? `/${page.name}`} {`,
      `      try_files /${page.name} =404;`,
      `      default_type ${JSON.stringify(page.headers['content-type'] ?? 'text/html')};`,
      // The saved type is the one sent: never nginx's own guess from a file name.
      '      types { }',
      headers,
      '    }',
    ].join('\n');
  });
  return startNginxDaemon(binary, {
    dir,
    workers: 'auto',
    connections: 1024,
    http: [
      `  access_log ${path.join(dir, 'access.log')} combined buffer=64k flush=1s;`,
      '  sendfile on; tcp_nopush on; keepalive_requests 100000;',
      '  server {',
      `    listen 127.0.0.1:${port};`,
      `    root ${www};`,
      ...locations,
      '  }',
    ],
  });
}
