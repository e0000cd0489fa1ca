import {
  DEFAULT_SETTINGS,
  SETTING_KEYS,
  SETTINGS,
  settingSchema,
  SettingsUpdateSchema,
  type Settings,
} from '#shared/settings';
import type { Db } from '../../db/knex';
import { BadRequestError } from '../../errors';
import { parseInput } from '../../validation';
import type { Who } from '../../http/who';
import type { AuditRecorder } from '../audit/audit.service';
import { createSettingsRepo } from './settings.repo';

const NO_AUDIT: AuditRecorder = { record: async () => undefined };

const shown = (value: unknown) => (Array.isArray(value) ? value.join(', ') : String(value));

/**
 * The site's operational settings (shared/settings.ts): every key with its
 * stored value, or its default when none is stored or the stored one no
 * longer fits its schema. Read from the store each time, so every instance
 * of the site sees a change at once.
 */
export function createSettingsService({ db, audit = NO_AUDIT }: { db: Db; audit?: AuditRecorder }) {
  const repo = createSettingsRepo(db);

  async function current(): Promise<Settings> {
    const stored = await repo.all();
    const out: Record<string, unknown> = structuredClone(DEFAULT_SETTINGS);
    for (const key of SETTING_KEYS) {
      const parsed = settingSchema(SETTINGS[key]).safeParse(stored.get(key));
      if (stored.has(key) && parsed.success) out[key] = parsed.data;
    }
    return out as Settings;
  }

  return {
    current,

    /** One setting, for the features that follow it. */
    async value<K extends keyof Settings>(key: K): Promise<Settings[K]> {
      return (await current())[key];
    },

    /**
     * Changes the settings named in `input` (400 naming each unknown key or
     * invalid value, nothing saved then); records each change in the audit
     * log; answers every setting as it now is.
     */
    async update(input: unknown, who: Who): Promise<Settings> {
      const body = (input ?? {}) as Record<string, unknown>;
      if (typeof body !== 'object' || Array.isArray(body)) throw new BadRequestError();
      const unknown = Object.keys(body).filter((k) => !(SETTING_KEYS as string[]).includes(k));
      if (unknown.length) {
        const details = Object.fromEntries(unknown.map((k) => [k, 'validation.settings.unknown']));
        throw new BadRequestError('validation.settings.unknown', details);
      }
      const changes = parseInput(SettingsUpdateSchema, body);
      const before = await current();
      const changed = Object.entries(changes).filter(
        ([key, value]) => JSON.stringify(value) !== JSON.stringify(before[key as keyof Settings]),
      );
      if (changed.length) {
        await repo.save(Object.fromEntries(changed), who.actor?.id ?? null);
        for (const [key, value] of changed) {
          await audit.record(who, {
            action: 'settings.changed',
            target_type: 'setting',
            target_id: key,
            summary: `${key}: ${shown(before[key as keyof Settings])} -> ${shown(value)}`,
          });
        }
      }
      return current();
    },
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
