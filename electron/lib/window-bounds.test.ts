import { EventEmitter } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openSettingsStore, SETTINGS_FILE } from './settings-store';
import {
  boundsToSave,
  DEFAULT_SIZE,
  MIN_SIZE,
  placeWindow,
  rememberBoundsOnClose,
} from './window-bounds';

const laptop = { x: 0, y: 0, width: 1440, height: 875 };
const monitor = { x: 1440, y: -200, width: 2560, height: 1400 };

describe('placeWindow', () => {
  it('centres the default size on the primary display the first time', () => {
    expect(placeWindow(null, [laptop])).toEqual({
      x: (1440 - DEFAULT_SIZE.width) / 2,
      y: Math.round((875 - DEFAULT_SIZE.height) / 2),
      ...DEFAULT_SIZE,
      maximized: false,
    });
  });

  it('restores saved bounds that fit a display, including a second monitor', () => {
    const saved = { x: 1600, y: 0, width: 1200, height: 900, maximized: true };
    expect(placeWindow(saved, [laptop, monitor])).toEqual(saved);
  });

  it('recentres on the primary display when the saved monitor is gone', () => {
    const saved = { x: 1600, y: 0, width: 1200, height: 800, maximized: false };
    expect(placeWindow(saved, [laptop])).toEqual({
      x: 120,
      y: 38,
      width: 1200,
      height: 800,
      maximized: false,
    });
  });

  it('pulls a window hanging off the edge back inside and shrinks it to the work area', () => {
    const saved = { x: 1200, y: 500, width: 2000, height: 1200, maximized: false };
    expect(placeWindow(saved, [laptop])).toEqual({
      x: 0,
      y: 0,
      width: 1440,
      height: 875,
      maximized: false,
    });
  });

  it('keeps at least the minimum size', () => {
    const saved = { x: 10, y: 10, width: 200, height: 100, maximized: false };
    expect(placeWindow(saved, [laptop])).toMatchObject({ x: 10, y: 10, ...MIN_SIZE });
  });

  it('saves whole numbers', () => {
    expect(boundsToSave({ x: 10.4, y: 20.6, width: 1000.2, height: 700.7 }, false)).toEqual({
      x: 10,
      y: 21,
      width: 1000,
      height: 701,
      maximized: false,
    });
  });
});

describe('rememberBoundsOnClose', () => {
  it('has the bounds on disk when the close event returns (the app quits right after)', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'desktop-bounds-'));
    try {
      const store = await openSettingsStore(dir);
      const win = Object.assign(new EventEmitter(), {
        getNormalBounds: () => ({ x: 100.4, y: 50, width: 1200, height: 800.6 }),
        isMaximized: () => true,
      });
      rememberBoundsOnClose(win, store);
      win.emit('close');
      const saved = JSON.parse(readFileSync(path.join(dir, SETTINGS_FILE), 'utf8'));
      expect(saved.windowBounds).toEqual({
        x: 100,
        y: 50,
        width: 1200,
        height: 801,
        maximized: true,
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
