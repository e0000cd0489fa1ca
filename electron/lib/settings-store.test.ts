import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { defaultSettings, openSettingsStore, SETTINGS_FILE } from './settings-store';

describe('settings store', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'desktop-settings-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('starts with defaults when there is no file (first start)', async () => {
    const store = await openSettingsStore(path.join(dir, 'missing'));
    expect(store.get()).toEqual({ serverUrl: null, updateFeedUrl: null, windowBounds: null });
  });

  it('persists updates as JSON that a new store reads back', async () => {
    const store = await openSettingsStore(dir);
    store.update({ serverUrl: 'https://admin.example.com' });
    store.update({
      windowBounds: { x: 10, y: 20, width: 1000, height: 700, maximized: true },
    });
    const saved = JSON.parse(readFileSync(path.join(dir, SETTINGS_FILE), 'utf8'));
    expect(saved.serverUrl).toBe('https://admin.example.com');
    if (process.platform !== 'win32')
      expect(statSync(path.join(dir, SETTINGS_FILE)).mode & 0o777).toBe(0o600);
    const again = await openSettingsStore(dir);
    expect(again.get()).toEqual({
      serverUrl: 'https://admin.example.com',
      updateFeedUrl: null,
      windowBounds: { x: 10, y: 20, width: 1000, height: 700, maximized: true },
    });
  });

  it('has the update on disk as soon as update returns (the window saves its bounds just before quit)', async () => {
    const store = await openSettingsStore(dir);
    store.update({ serverUrl: 'https://admin.example.com' });
    const returned = store.update({
      windowBounds: { x: 5, y: 6, width: 1100, height: 750, maximized: false },
    });
    // Read straight away, with no await in between: an async write would not be there yet.
    const onDisk = JSON.parse(readFileSync(path.join(dir, SETTINGS_FILE), 'utf8'));
    expect(onDisk).toEqual(returned);
    expect(onDisk).toEqual({
      serverUrl: 'https://admin.example.com',
      updateFeedUrl: null,
      windowBounds: { x: 5, y: 6, width: 1100, height: 750, maximized: false },
    });
    expect(readdirSync(dir)).toEqual([SETTINGS_FILE]);
  });

  it('keeps the last of several quick updates on disk', async () => {
    const store = await openSettingsStore(dir);
    for (const n of [1, 2, 3, 4]) store.update({ serverUrl: `https://s${n}.example.com` });
    expect((await openSettingsStore(dir)).get().serverUrl).toBe('https://s4.example.com');
  });

  it('survives a damaged file and repairs bad fields one by one', async () => {
    writeFileSync(path.join(dir, SETTINGS_FILE), '{ not json');
    expect((await openSettingsStore(dir)).get()).toEqual(defaultSettings());
    writeFileSync(
      path.join(dir, SETTINGS_FILE),
      JSON.stringify({
        serverUrl: 'https://ok.example.com',
        updateFeedUrl: 42,
        windowBounds: { x: 'a' },
      }),
    );
    expect((await openSettingsStore(dir)).get()).toEqual({
      serverUrl: 'https://ok.example.com',
      updateFeedUrl: null,
      windowBounds: null,
    });
  });
});
