/**
 * The badge of enquiries awaiting a reply, per platform. `app.setBadgeCount` draws on the
 * macOS dock and Linux launchers (Unity API) but does nothing on Windows,
 * where the taskbar button shows an overlay icon with a text description
 * (read by screen readers) instead.
 */

export type BadgeAction =
  | { kind: 'count'; count: number }
  | { kind: 'overlay'; description: string }
  | { kind: 'clear-overlay' };

export function badgeAction(
  platform: NodeJS.Platform,
  waiting: number,
  describe: (count: number) => string,
): BadgeAction {
  const count = Number.isFinite(waiting) ? Math.max(0, Math.floor(waiting)) : 0;
  if (platform !== 'win32') return { kind: 'count', count };
  return count > 0 ? { kind: 'overlay', description: describe(count) } : { kind: 'clear-overlay' };
}

export const OVERLAY_SIZE = 16;
const RED = { r: 0xdc, g: 0x26, b: 0x26 };

/**
 * The overlay icon: a red dot with a soft edge, as raw pixels for
 * `nativeImage.createFromBitmap` (premultiplied BGRA, Chromium's native
 * bitmap order on Windows). Generated, so there is no image file to ship.
 */
export function overlayDotBitmap(size = OVERLAY_SIZE): Buffer {
  const pixels = Buffer.alloc(size * size * 4);
  const centre = size / 2;
  const radius = size / 2 - 0.5;
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const distance = Math.hypot(x + 0.5 - centre, y + 0.5 - centre);
      const alpha = Math.min(1, Math.max(0, radius - distance + 0.5));
      const at = (y * size + x) * 4;
      pixels[at] = Math.round(RED.b * alpha);
      pixels[at + 1] = Math.round(RED.g * alpha);
      pixels[at + 2] = Math.round(RED.r * alpha);
      pixels[at + 3] = Math.round(255 * alpha);
    }
  }
  return pixels;
}
