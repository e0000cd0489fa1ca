import type { ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { SavedPage } from './nginx';
import { spawnInOwnSession } from './server-process';

/** Headers Node sets itself, or that belong to one delivery. */
const OWN = new Set(['content-length', 'date', 'connection', 'keep-alive', 'transfer-encoding']);

/**
 * The ceiling of any server written on Node's own `http` module on this
 * machine: one process that answers every request with a saved page's bytes
 * and headers from memory, doing nothing else (no routing, no cache lookup,
 * no log line). The server's figures are read against it as well as nginx's:
 * what separates the server from this is the server's own work; what
 * separates this from nginx is Node's HTTP stack.
 */
export async function startBareNode(
  dir: string,
  port: number,
  pages: SavedPage[],
): Promise<{ stop(): Promise<void> }> {
  const table = Object.fromEntries(
    pages.map((page) => [
      `/${page.name}`,
      {
        body: page.body.toString('base64'),
        headers: Object.fromEntries(
          Object.entries(page.headers).filter(([name]) => !OWN.has(name.toLowerCase())),
        ),
      },
    ]),
  );
  const script = path.join(dir, 'bare-node.cjs');
  writeFileSync(
    script,
    [
      "const http = require('node:http');",
      `const pages = ${JSON.stringify(table)};`,
      'for (const page of Object.values(pages)) {',
      "  page.body = Buffer.from(page.body, 'base64');",
      "  page.headers['content-length'] = page.body.length;",
      '}',
      'http.createServer((req, res) => {',
      '  const page = pages[req.url];',
      '  if (!page) return res.writeHead(404).end();',
      '  res.writeHead(200, page.headers);',
      '  res.end(page.body);',
      `}).listen(${port}, '127.0.0.1', () => process.send('ready'));`,
      '',
    ].join('\n'),
  );
  // In a session of its own, as the server and nginx are (bench/server-process.ts).
  const child: ChildProcess = spawnInOwnSession(process.execPath, [script], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  await new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve());
    child.once('exit', (code) => reject(new Error(`bare Node server exited ${code}`)));
  });
  return {
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    },
  };
}
