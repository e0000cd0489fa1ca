import { describe, expect, it, vi } from 'vitest';
import { CHANNELS } from './channels';
import { createIpcRouter, IPC_SCHEMAS, IpcRejected, type IpcHandlers } from './ipc-router';

function handlers(): IpcHandlers {
  return {
    appVersion: vi.fn(() => '1.2.3'),
    language: vi.fn(() => 'pt' as const),
    getServerUrl: vi.fn(() => 'https://admin.example.com'),
    notify: vi.fn(),
    setupConnect: vi.fn(async (url: string) => ({ ok: true as const, url })),
    setupRetry: vi.fn(async () => ({
      ok: false as const,
      error: 'desktop.setup.errors.unreachable',
    })),
  };
}

const ADMIN = 'app://admin/admin';
const SETUP = 'app://admin/setup';

describe('IPC router', () => {
  it('answers valid calls from our pages', async () => {
    const h = handlers();
    const dispatch = createIpcRouter(h);
    expect(await dispatch(CHANNELS.appVersion, ADMIN, undefined)).toBe('1.2.3');
    expect(await dispatch(CHANNELS.language, ADMIN, undefined)).toBe('pt');
    expect(await dispatch(CHANNELS.getServerUrl, SETUP, undefined)).toBe(
      'https://admin.example.com',
    );
    await dispatch(CHANNELS.notify, ADMIN, { title: 'Hello', body: 'World' });
    expect(h.notify).toHaveBeenCalledWith({ title: 'Hello', body: 'World' });
    expect(await dispatch(CHANNELS.setupConnect, SETUP, 'https://c.example.com')).toEqual({
      ok: true,
      url: 'https://c.example.com',
    });
  });

  it('refuses senders that are not our pages', async () => {
    const h = handlers();
    const dispatch = createIpcRouter(h);
    await expect(
      dispatch(CHANNELS.appVersion, 'https://evil.example/', undefined),
    ).rejects.toBeInstanceOf(IpcRejected);
    await expect(dispatch(CHANNELS.notify, undefined, { title: 'x' })).rejects.toThrow(
      /untrusted sender/,
    );
    expect(h.appVersion).not.toHaveBeenCalled();
  });

  it('gives the dashboard no way to change the server: only the setup page connects', async () => {
    expect(Object.values(CHANNELS).filter((c) => c.includes('server-url'))).toEqual([
      CHANNELS.getServerUrl,
    ]);
    expect(Object.keys(IPC_SCHEMAS).sort()).toEqual(Object.values(CHANNELS).sort());
  });

  it('refuses setup calls from the dashboard', async () => {
    const h = handlers();
    const dispatch = createIpcRouter(h);
    await expect(dispatch(CHANNELS.setupConnect, ADMIN, 'https://c.example.com')).rejects.toThrow(
      /not the setup page/,
    );
    await expect(dispatch(CHANNELS.setupRetry, ADMIN, undefined)).rejects.toThrow(
      /not the setup page/,
    );
    expect(h.setupConnect).not.toHaveBeenCalled();
  });

  it.each([
    [CHANNELS.appVersion, { sneaky: true }],
    [CHANNELS.language, 'de'],
    [CHANNELS.setupConnect, 42],
    [CHANNELS.setupConnect, ''],
    [CHANNELS.setupConnect, 'x'.repeat(3000)],
    [CHANNELS.notify, { title: '' }],
    [CHANNELS.notify, { title: 'ok', body: 'x'.repeat(501) }],
    [CHANNELS.notify, { title: 'ok', icon: '/etc/passwd' }],
    [CHANNELS.notify, 'title'],
  ])('refuses an invalid payload on %s', async (channel, payload) => {
    const h = handlers();
    const sender = channel === CHANNELS.setupConnect ? SETUP : ADMIN;
    await expect(createIpcRouter(h)(channel, sender, payload)).rejects.toThrow(/invalid payload/);
    expect(h.notify).not.toHaveBeenCalled();
    expect(h.setupConnect).not.toHaveBeenCalled();
  });
});
