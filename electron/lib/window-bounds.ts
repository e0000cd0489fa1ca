import type { SavedBounds, SettingsStore } from './settings-store';

/**
 * Where the window opens: the saved position and size when they still fit on
 * one of the connected displays (monitors come and go), else a default size
 * centred on the primary display. Pure, so tests pass any display layout.
 */

export type Rect = { x: number; y: number; width: number; height: number };
export type WindowPlacement = Rect & { maximized: boolean };

export const DEFAULT_SIZE = { width: 1280, height: 820 };
export const MIN_SIZE = { width: 900, height: 600 };
/** How much of the title bar must be visible for a saved position to count. */
const MIN_VISIBLE = 64;

function overlap(a: Rect, b: Rect): { width: number; height: number } {
  return {
    width: Math.max(0, Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x)),
    height: Math.max(0, Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y)),
  };
}

function centred(area: Rect, size: { width: number; height: number }): Rect {
  const width = Math.min(size.width, area.width);
  const height = Math.min(size.height, area.height);
  return {
    x: Math.round(area.x + (area.width - width) / 2),
    y: Math.round(area.y + (area.height - height) / 2),
    width,
    height,
  };
}

/** `workAreas[0]` is the primary display's work area. */
export function placeWindow(saved: SavedBounds | null, workAreas: Rect[]): WindowPlacement {
  const primary = workAreas[0] ?? { x: 0, y: 0, ...DEFAULT_SIZE };
  if (!saved) return { ...centred(primary, DEFAULT_SIZE), maximized: false };

  const titleBar: Rect = {
    x: saved.x,
    y: saved.y,
    width: saved.width,
    height: Math.min(saved.height, 32),
  };
  const home = workAreas.find((area) => {
    const o = overlap(titleBar, area);
    return o.width >= Math.min(MIN_VISIBLE, saved.width) && o.height > 0;
  });
  if (!home) return { ...centred(primary, saved), maximized: saved.maximized };

  const width = Math.min(Math.max(saved.width, MIN_SIZE.width), home.width);
  const height = Math.min(Math.max(saved.height, MIN_SIZE.height), home.height);
  const x = Math.min(Math.max(saved.x, home.x), home.x + home.width - width);
  const y = Math.min(Math.max(saved.y, home.y), home.y + home.height - height);
  return { x, y, width, height, maximized: saved.maximized };
}

/** What to remember when the window closes: its normal (unmaximised) bounds and whether it was maximised. */
export function boundsToSave(normal: Rect, maximized: boolean): SavedBounds {
  return {
    x: Math.round(normal.x),
    y: Math.round(normal.y),
    width: Math.round(normal.width),
    height: Math.round(normal.height),
    maximized,
  };
}

/** The part of `BrowserWindow` whose bounds are remembered. */
export type BoundedWindow = {
  on(event: 'close', listener: () => void): unknown;
  getNormalBounds(): Rect;
  isMaximized(): boolean;
};

/**
 * Saves the bounds when the window closes. The store writes synchronously,
 * because `window-all-closed` quits the app right after this handler.
 */
export function rememberBoundsOnClose(win: BoundedWindow, store: Pick<SettingsStore, 'update'>) {
  win.on('close', () => {
    store.update({ windowBounds: boundsToSave(win.getNormalBounds(), win.isMaximized()) });
  });
}
