import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { withCookieJar } from '../../tests/support/desktop-cookie-jar';
import {
  deadServerUrl,
  DESKTOP_ADMIN,
  startRealServer,
} from '../../tests/support/desktop-real-server';
import { forwardApiRequest } from './api-forward';
import { APP_PAGES } from './app-scheme';
import { translator } from './i18n';
import { createConnection, createSetupActions, serverChangeDialog } from './connection';
import { openSettingsStore } from './settings-store';

/** A session jar that holds nothing, for tests that sign in nowhere. */
const noCookies = { get: async () => [], remove: async () => {} };

describe('connection to the company server', () => {
  let server: Awaited<ReturnType<typeof startRealServer>>;
  let dir: string;
  beforeAll(async () => {
    server = await startRealServer();
    dir = mkdtempSync(path.join(tmpdir(), 'desktop-connection-'));
  });
  afterAll(async () => {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('first start opens the setup page; a good address is checked, stored and opens the dashboard', async () => {
    const store = await openSettingsStore(dir);
    const confirmChange = vi.fn(async () => true);
    const connection = createConnection({ store, fetch, cookies: noCookies, confirmChange });
    expect(await connection.startPage()).toBe(APP_PAGES.setup);

    expect(await connection.connect('http://example.com')).toEqual({
      ok: false,
      error: 'desktop.setup.errors.https',
    });
    expect(await connection.connect(await deadServerUrl())).toEqual({
      ok: false,
      error: 'desktop.setup.errors.unreachable',
    });
    expect(connection.current()).toBeNull();

    expect(await connection.connect(`${server.url}/`)).toEqual({ ok: true, url: server.url });
    expect(connection.current()).toBe(server.url);
    expect((await openSettingsStore(dir)).get().serverUrl).toBe(server.url);
    expect(await connection.startPage()).toBe(APP_PAGES.admin);
    expect(await connection.retry()).toEqual({ ok: true, url: server.url });
    // The first server, and the same one again, need no confirmation.
    expect(await connection.connect(server.url)).toEqual({ ok: true, url: server.url });
    expect(confirmChange).not.toHaveBeenCalled();
  });

  it('leaves a stored server for another only once the user confirms it', async () => {
    const store = await openSettingsStore(path.join(dir, 'change'));
    store.update({ serverUrl: server.url });
    // The same server under another name: a different address that answers as one of ours.
    const other = server.url.replace('127.0.0.1', 'localhost');
    const answers = [false, true];
    const confirmChange = vi.fn(async () => answers.shift()!);
    const connection = createConnection({ store, fetch, cookies: noCookies, confirmChange });

    expect(await connection.connect(other)).toEqual({
      ok: false,
      error: 'desktop.setup.notChanged',
    });
    expect(confirmChange).toHaveBeenLastCalledWith(server.url, other);
    expect(connection.current()).toBe(server.url);
    expect((await openSettingsStore(path.join(dir, 'change'))).get().serverUrl).toBe(server.url);

    expect(await connection.connect(other)).toEqual({ ok: true, url: other });
    expect(connection.current()).toBe(other);
    // An address that does not answer is refused before anyone is asked.
    expect((await connection.connect(await deadServerUrl())).ok).toBe(false);
    expect(confirmChange).toHaveBeenCalledTimes(2);
  });

  it('signs out of the server it leaves: coming back to it asks for the password again', async () => {
    const store = await openSettingsStore(path.join(dir, 'sign-in-moves'));
    const jar = withCookieJar();
    const answers = [false, true, true];
    const connection = createConnection({
      store,
      fetch: jar,
      cookies: jar.session,
      confirmChange: async () => answers.shift()!,
    });
    /** A dashboard call through the app, to whichever server it is pointed at. */
    const call = (path: string, method = 'GET', body?: unknown) =>
      forwardApiRequest(
        new Request(`app://admin${path}`, {
          method,
          headers: { 'content-type': 'application/json' },
          body: body === undefined ? undefined : JSON.stringify(body),
        }),
        connection.current()!,
        jar,
      );
    expect(await connection.connect(server.url)).toEqual({ ok: true, url: server.url });
    expect((await call('/api/auth/login', 'POST', DESKTOP_ADMIN)).status).toBe(200);
    expect((await call('/api/auth/profile')).status).toBe(200);
    const other = server.url.replace('127.0.0.1', 'localhost');

    // Refused: nothing changes, the sign-in included.
    expect((await connection.connect(other)).ok).toBe(false);
    expect((await call('/api/auth/profile')).status).toBe(200);

    expect(await connection.connect(other)).toEqual({ ok: true, url: other });
    expect(jar.cookies(server.url).has('sid')).toBe(false);
    expect(await connection.connect(server.url)).toEqual({ ok: true, url: server.url });
    expect((await call('/api/auth/profile')).status).toBe(401);
  });

  it("asks in the user's language, keeping the current server unless they choose otherwise", () => {
    const t = translator('de');
    const options = serverChangeDialog(
      t,
      'https://old.example.com',
      'https://new.example.com:8443',
    );
    expect(options).toMatchObject({
      buttons: ['Mit dem neuen Server verbinden', 'Aktuellen Server behalten'],
      defaultId: 1,
      cancelId: 1,
      message: 'Die App mit new.example.com:8443 verbinden?',
    });
    expect(options.detail).toContain('statt old.example.com');
  });

  it('opens the offline page when the stored server does not answer, and retry reports it', async () => {
    const store = await openSettingsStore(dir);
    store.update({ serverUrl: await deadServerUrl() });
    const connection = createConnection({
      store,
      fetch,
      cookies: noCookies,
      timeoutMs: 2000,
      confirmChange: async () => true,
    });
    expect(await connection.startPage()).toBe(APP_PAGES.offline);
    expect(await connection.retry()).toEqual({
      ok: false,
      error: 'desktop.setup.errors.unreachable',
    });
  });

  it('setup actions: the main process opens the dashboard once, only after a good connect or retry', async () => {
    const store = await openSettingsStore(path.join(dir, 'setup-actions'));
    const connection = createConnection({
      store,
      fetch,
      cookies: noCookies,
      timeoutMs: 2000,
      confirmChange: async () => true,
    });
    const open = vi.fn();
    const onConnected = vi.fn();
    const setup = createSetupActions(connection, { open, onConnected });

    expect((await setup.retry()).ok).toBe(false);
    expect((await setup.connect('http://example.com')).ok).toBe(false);
    expect(open).not.toHaveBeenCalled();

    expect(await setup.connect(server.url)).toEqual({ ok: true, url: server.url });
    expect(open.mock.calls).toEqual([[APP_PAGES.admin]]);
    expect(await setup.retry()).toEqual({ ok: true, url: server.url });
    expect(open.mock.calls).toEqual([[APP_PAGES.admin], [APP_PAGES.admin]]);
    expect(onConnected).toHaveBeenCalledTimes(2);
  });
});
