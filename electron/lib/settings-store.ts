import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';

/**
 * The app's settings, kept as JSON in Electron's user-data folder. A missing
 * or damaged file means defaults (first start), never a crash; writes go
 * through a temp file and a rename so a crash cannot leave half a file.
 *
 * Writes are synchronous: the file is a few hundred bytes, and the window's
 * `close` handler saves its bounds just before `window-all-closed` quits the
 * app, so the write must be on disk when `update` returns. One write path
 * also means no queue of older snapshots that could land after a newer one.
 */

const BoundsSchema = z.object({
  x: z.number().int(),
  y: z.number().int(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  maximized: z.boolean().default(false),
});

const SettingsSchema = z.object({
  serverUrl: z.string().url().nullable().catch(null).default(null),
  updateFeedUrl: z.string().url().nullable().catch(null).default(null),
  windowBounds: BoundsSchema.nullable().catch(null).default(null),
});

export type Settings = z.output<typeof SettingsSchema>;
export type SavedBounds = z.output<typeof BoundsSchema>;

export const SETTINGS_FILE = 'settings.json';

export function defaultSettings(): Settings {
  return SettingsSchema.parse({});
}

export type SettingsStore = {
  get(): Settings;
  /** Applies the patch and writes the file before returning (synchronous, atomic). */
  update(patch: Partial<Settings>): Settings;
  file: string;
};

export async function openSettingsStore(userDataDir: string): Promise<SettingsStore> {
  const file = path.join(userDataDir, SETTINGS_FILE);
  let current = defaultSettings();
  try {
    const parsed = SettingsSchema.safeParse(JSON.parse(await readFile(file, 'utf8')));
    if (parsed.success) current = parsed.data;
  } catch {
    // First start or unreadable file: defaults apply and the next write repairs it.
  }

  return {
    file,
    get: () => current,
    update(patch) {
      const next = SettingsSchema.parse({ ...current, ...patch });
      mkdirSync(userDataDir, { recursive: true });
      const tmp = `${file}.${process.pid}.tmp`;
      writeFileSync(tmp, `${JSON.stringify(next, null, 2)}\n`, { mode: 0o600 });
      renameSync(tmp, file);
      current = next;
      return current;
    },
  };
}
