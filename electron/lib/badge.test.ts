import { describe, expect, it } from 'vitest';
import { badgeAction, OVERLAY_SIZE, overlayDotBitmap } from './badge';
import { translator } from './i18n';

const describeIn = (lang: 'en' | 'pt' | 'de') => (count: number) =>
  translator(lang)('desktop.notifications.waitingBadge', { count });

describe('badgeAction', () => {
  it('uses the badge count on macOS and Linux, 0 clearing it', () => {
    for (const platform of ['darwin', 'linux'] as const) {
      expect(badgeAction(platform, 3, describeIn('en'))).toEqual({ kind: 'count', count: 3 });
      expect(badgeAction(platform, 0, describeIn('en'))).toEqual({ kind: 'count', count: 0 });
    }
  });

  it.each([
    ['en', 3, '3 enquiries awaiting a reply'],
    ['en', 1, '1 enquiry awaiting a reply'],
    ['pt', 2, '2 pedidos de contacto a aguardar resposta'],
    ['de', 5, '5 Anfragen warten auf Antwort'],
  ] as const)(
    'uses the taskbar overlay on Windows, described in %s for %i',
    (lang, count, text) => {
      expect(badgeAction('win32', count, describeIn(lang))).toEqual({
        kind: 'overlay',
        description: text,
      });
    },
  );

  it('clears the Windows overlay at 0', () => {
    expect(badgeAction('win32', 0, describeIn('en'))).toEqual({ kind: 'clear-overlay' });
  });

  it('never passes a negative or fractional count on', () => {
    expect(badgeAction('darwin', -2, describeIn('en'))).toEqual({ kind: 'count', count: 0 });
    expect(badgeAction('linux', Number.NaN, describeIn('en'))).toEqual({ kind: 'count', count: 0 });
    expect(badgeAction('win32', 2.7, describeIn('en'))).toEqual({
      kind: 'overlay',
      description: '2 enquiries awaiting a reply',
    });
  });
});

describe('overlayDotBitmap', () => {
  const pixel = (bitmap: Buffer, x: number, y: number) => {
    const at = (y * OVERLAY_SIZE + x) * 4;
    const [b, g, r, a] = bitmap.subarray(at, at + 4);
    return { r, g, b, a };
  };

  it('is a 16 px premultiplied BGRA red dot on a transparent square', () => {
    const bitmap = overlayDotBitmap();
    expect(bitmap.length).toBe(OVERLAY_SIZE * OVERLAY_SIZE * 4);
    expect(pixel(bitmap, 8, 8)).toEqual({ r: 0xdc, g: 0x26, b: 0x26, a: 255 });
    for (const [x, y] of [
      [0, 0],
      [15, 0],
      [0, 15],
      [15, 15],
    ] as const)
      expect(pixel(bitmap, x, y)).toEqual({ r: 0, g: 0, b: 0, a: 0 });
    // Premultiplied: each channel is the colour scaled by the pixel's own alpha.
    for (let at = 0; at < bitmap.length; at += 4) {
      const alpha = bitmap[at + 3]! / 255;
      expect(Math.abs(bitmap[at + 2]! - 0xdc * alpha)).toBeLessThanOrEqual(1);
      expect(Math.abs(bitmap[at]! - 0x26 * alpha)).toBeLessThanOrEqual(1);
    }
    const edge = pixel(bitmap, 8, 0);
    expect(edge.a).toBeGreaterThan(0);
    expect(edge.a).toBeLessThan(255);
  });
});
