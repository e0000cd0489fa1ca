import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/** The committed installer icons (made by scripts/make-icons.mjs) are well-formed and current. */

const read = (file: string) => readFileSync(new URL(`../build/${file}`, import.meta.url));
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const pngSize = (png: Buffer) => [png.readUInt32BE(16), png.readUInt32BE(20)];

describe('installer icons', () => {
  it('were made from the current build/icon.svg (run `npm run desktop:icons` after editing it)', () => {
    const svg = read('icon.svg').toString('utf8').replace(/\r\n/g, '\n');
    const recorded = read('icon.svg.sha256').toString('utf8');
    expect(recorded).toMatch(/^[0-9a-f]{64} {2}icon\.svg\n$/);
    expect(recorded.slice(0, 64)).toBe(createHash('sha256').update(svg).digest('hex'));
  });

  it('has a 1024 px PNG and the Linux sizes', () => {
    expect(pngSize(read('icon.png'))).toEqual([1024, 1024]);
    for (const size of [16, 32, 48, 64, 128, 256, 512]) {
      const png = read(`icons/${size}x${size}.png`);
      expect(png.subarray(0, 8).equals(PNG)).toBe(true);
      expect(pngSize(png)).toEqual([size, size]);
    }
  });

  it('has a Windows ICO whose entries point at PNGs up to 256 px', () => {
    const ico = read('icon.ico');
    expect(ico.readUInt16LE(2)).toBe(1);
    const count = ico.readUInt16LE(4);
    const sizes = Array.from({ length: count }, (_, i) => {
      const entry = 6 + 16 * i;
      const [length, offset] = [ico.readUInt32LE(entry + 8), ico.readUInt32LE(entry + 12)];
      expect(ico.subarray(offset, offset + 8).equals(PNG)).toBe(true);
      expect(offset + length).toBeLessThanOrEqual(ico.length);
      return ico.readUInt8(entry) || 256;
    });
    expect(sizes).toEqual([16, 24, 32, 48, 64, 128, 256]);
  });

  it('has a macOS ICNS with consistent chunk lengths up to 1024 px', () => {
    const icns = read('icon.icns');
    expect(icns.toString('ascii', 0, 4)).toBe('icns');
    expect(icns.readUInt32BE(4)).toBe(icns.length);
    const types: string[] = [];
    for (let at = 8; at < icns.length; at += icns.readUInt32BE(at + 4)) {
      types.push(icns.toString('ascii', at, at + 4));
      expect(icns.subarray(at + 8, at + 16).equals(PNG)).toBe(true);
    }
    expect(types).toEqual(['icp4', 'icp5', 'icp6', 'ic07', 'ic08', 'ic09', 'ic10']);
  });
});
