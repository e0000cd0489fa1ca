import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { createAppProtocolHandler } from '../../../electron/lib/app-protocol';
import { createConnection, createSetupActions } from '../../../electron/lib/connection';
import { readStats } from '../../../electron/lib/enquiry-poller';
import { openSettingsStore } from '../../../electron/lib/settings-store';
import { withCookieJar } from '../../support/desktop-cookie-jar';

/**
 * The desktop app's main process minus Electron: the BUILT renderer
 * (`out/renderer`) and `/api` answered by the very handler the app registers
 * for `app://admin/`, forwarding with a cookie jar that stands in for the app
 * session. It listens on 127.0.0.1 so Chromium can load it over http.
 */

const RENDERER_DIR = path.resolve('out/renderer');

export function ensureDesktopBuild(): void {
  if (existsSync(path.join(RENDERER_DIR, 'web/admin/index.html'))) return;
  const result = spawnSync('npm', ['run', 'desktop:build'], {
    stdio: 'inherit',
    env: { ...process.env, ELECTRON_SKIP_BINARY_DOWNLOAD: '1' },
  });
  if (result.status !== 0) throw new Error('npm run desktop:build failed');
}

function toRequest(req: IncomingMessage): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (name === 'host' || value === undefined) continue;
    headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
  return new Request(`app://admin${req.url ?? '/'}`, {
    method: req.method,
    headers,
    body: hasBody ? (Readable.toWeb(req) as ReadableStream) : undefined,
    // @ts-expect-error Node's fetch needs `duplex` for a streamed body
    duplex: 'half',
  });
}

async function send(response: Response, res: ServerResponse): Promise<void> {
  res.writeHead(response.status, Object.fromEntries(response.headers));
  if (response.body)
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>)
      res.write(chunk);
  res.end();
}

export async function startDesktopShell(initialServerUrl: string | null) {
  const userData = mkdtempSync(path.join(tmpdir(), 'desktop-e2e-'));
  const store = await openSettingsStore(userData);
  if (initialServerUrl) store.update({ serverUrl: initialServerUrl });
  const sessionFetch = withCookieJar();
  // Main asks with a native dialog before leaving a server; here the user always says yes.
  const questions: [from: string, to: string][] = [];
  const connection = createConnection({
    store,
    fetch: sessionFetch,
    cookies: sessionFetch.session,
    timeoutMs: 3000,
    confirmChange: async (from, to) => {
      questions.push([from, to]);
      return true;
    },
  });
  const handle = createAppProtocolHandler({
    rendererDir: RENDERER_DIR,
    serverUrl: connection.current,
    fetch: sessionFetch,
  });

  const server = createServer((req, res) => {
    handle(toRequest(req))
      .then((response) => send(response, res))
      .catch(() => res.writeHead(500).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  /** An `app://admin/…` page as this shell serves it. */
  const pageUrl = (appUrl: string) => {
    const { pathname, search } = new URL(appUrl);
    return `${url}${pathname}${search}`;
  };
  return {
    url,
    connection,
    /** The server changes the user was asked to confirm, in order. */
    questions,
    /** The setup page's actions as main wires them; `open` plays main's `loadURL`. */
    setupActions: (open: (url: string) => void) =>
      createSetupActions(connection, { open: (appUrl) => open(pageUrl(appUrl)) }),
    sessionCookies: (origin: string) => sessionFetch.cookies(origin),
    /** What main's enquiry poller reads for the badge, with the app session's cookie. */
    stats: () => readStats(connection.current()!, sessionFetch),
    async stop() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(userData, { recursive: true, force: true });
    },
  };
}

export type DesktopShell = Awaited<ReturnType<typeof startDesktopShell>>;
