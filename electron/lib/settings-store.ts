import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';

/**
 * The app's settings, kept as JSON in Electron's user-data folder. A missing
 * or damaged file means defaults (first start), never a crash; writes go
 * through a temp file and a rename so a crash cannot leave half a file.
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
  update(patch: Partial<Settings>): Promise<Settings>;
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

  let writing: Promise<unknown> = Promise.resolve();
  return {
    file,
    get: () => current,
    async update(patch) {
      current = SettingsSchema.parse({ ...current, ...patch });
      const snapshot = `${JSON.stringify(current, null, 2)}\n`;
      // Writes are serialised so the last update always wins on disk.
      writing = writing
        .catch(() => undefined)
        .then(async () => {
          await mkdir(userDataDir, { recursive: true });
          const tmp = `${file}.${process.pid}.tmp`;
          await writeFile(tmp, snapshot, { mode: 0o600 });
          await rename(tmp, file);
        });
      await writing;
      return current;
    },
  };
}
