import { getConfig } from 'app-builder-lib/out/util/config/config';
import { describe, expect, it, vi } from 'vitest';
import { PROJECT_ROOT } from '../../server/project-root';
import { APP_ID, builderAppId, claimAppId } from './app-id';

describe('the app id on Windows', () => {
  it('is the appId electron-builder gives the installed shortcut', async () => {
    const config = await getConfig(PROJECT_ROOT, null, null);
    expect(config.appId).toBeTruthy();
    expect(APP_ID).toBe(config.appId);
  });

  it('is set at start on Windows only', () => {
    for (const platform of ['win32', 'darwin', 'linux'] as const) {
      const app = { isPackaged: true, setAppUserModelId: vi.fn() };
      claimAppId(app, platform);
      expect(app.setAppUserModelId.mock.calls).toEqual(
        platform === 'win32' ? [['com.forgeindustrial.admin']] : [],
      );
    }
  });

  it('is left to Electron in development, which has no installed shortcut', () => {
    const app = { isPackaged: false, setAppUserModelId: vi.fn() };
    claimAppId(app, 'win32');
    expect(app.setAppUserModelId).not.toHaveBeenCalled();
  });

  it('is read as electron-builder reads the line, quoted or not, never from a nested key', () => {
    expect(builderAppId('productName: X\nappId: "com.example.app" # ours\n')).toBe(
      'com.example.app',
    );
    expect(builderAppId("appId: 'com.example.app'")).toBe('com.example.app');
    expect(() => builderAppId('mac:\n  appId: com.example.app\n')).toThrow(/no appId/);
  });
});
