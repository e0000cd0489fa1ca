import { describe, expect, it } from 'vitest';
import { DESKTOP_APP_DEVICE } from '#shared/auth';
import { deviceLabel } from './device';

const ELECTRON_ON_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) forge-admin/0.1.0 Chrome/140.0.0.0 Electron/41.7.1 Safari/537.36';

describe('deviceLabel', () => {
  it('names the desktop app by the name the admin translates, before its system', () => {
    expect(deviceLabel(ELECTRON_ON_WINDOWS)).toBe(`${DESKTOP_APP_DEVICE} · Windows`);
  });

  it('names a browser and its system, and nothing it does not know', () => {
    expect(
      deviceLabel('Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0'),
    ).toBe('Firefox · Linux');
    expect(deviceLabel(undefined)).toBe('');
  });
});
