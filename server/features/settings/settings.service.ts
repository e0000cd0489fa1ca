import {
  DEFAULT_SETTINGS,
  SETTING_KEYS,
  SETTINGS,
  settingSchema,
  SettingsUpdateSchema,
  type SettingDefinition,
  type SettingKey,
  type Settings,
} from '#shared/settings';
import type { Knex } from 'knex';
import type { Db } from '../../db/knex';
import { BadRequestError } from '../../errors';
import { parseInput } from '../../validation';
import type { Who } from '../../http/who';
import { NO_AUDIT, type AuditRecorder } from '../../audit-recorder';
import { createSettingsRepo } from './settings.repo';
import { systemClock, type Clock } from '../../clock';

const shown = (value: unknown) => (Array.isArray(value) ? value.join(', ') : String(value));
const isSecret = (key: string) => {
  const definition: SettingDefinition = SETTINGS[key as SettingKey];
  return definition.kind === 'text' && definition.secret === true;
};
/** How old a snapshot the enquiry path may use (other instances' changes arrive within this). */
export const SNAPSHOT_MAX_AGE_MS = 10_000;

/** The changes a body asks for; a bad item of a list is reported under the list's key. */
function parseSettings(body: Record<string, unknown>) {
  try {
    return parseInput(SettingsUpdateSchema, body);
  } catch (error) {
    if (!(error instanceof BadRequestError) || !error.details) throw error;
    const details: Record<string, string> = {};
    for (const [path, message] of Object.entries(error.details))
      details[path.split('.')[0]!] ??= message;
    throw new BadRequestError(error.message, details);
  }
}

/**
 * A check of the server's own that a value must pass besides its schema
 * (a webhook address against the configuration): the catalogue key of the
 * message, or null when the value is fine.
 */
export type SettingCheck = (value: unknown) => Promise<string | null> | string | null;

/**
 * What a changed setting does besides being stored, in the transaction that
 * stores it (the webhook's address cleared cancels its waiting calls).
 */
export type SettingEffect = (trx: Knex.Transaction, value: unknown) => Promise<unknown>;

/**
 * The site's operational settings (shared/settings.ts): every key with its
 * stored value, or its default when none is stored or the stored one no
 * longer fits its schema. Read from the store each time, so every instance
 * of the site sees a change at once; the enquiry path, which must not pay a
 * query per enquiry, reads a snapshot at most SNAPSHOT_MAX_AGE_MS old
 * (renewed at once after a change made here).
 */
export function createSettingsService({
  db,
  audit = NO_AUDIT,
  checks = {},
  effects = {},
  clock = systemClock,
}: {
  db: Db;
  audit?: AuditRecorder;
  checks?: Partial<Record<SettingKey, SettingCheck>>;
  effects?: Partial<Record<SettingKey, SettingEffect>>;
  clock?: Clock;
}) {
  const repo = createSettingsRepo(db);
  let last: { settings: Settings; at: number } = { settings: DEFAULT_SETTINGS, at: -Infinity };
  let reading: Promise<Settings> | undefined;

  async function current(): Promise<Settings> {
    const stored = await repo.all();
    const out: Record<string, unknown> = structuredClone(DEFAULT_SETTINGS);
    for (const key of SETTING_KEYS) {
      const parsed = settingSchema(SETTINGS[key]).safeParse(stored.get(key));
      if (stored.has(key) && parsed.success) out[key] = parsed.data;
    }
    return out as Settings;
  }

  /** The settings as last read, renewed when older than SNAPSHOT_MAX_AGE_MS. */
  function snapshot(): Promise<Settings> {
    if (clock().getTime() - last.at < SNAPSHOT_MAX_AGE_MS) return Promise.resolve(last.settings);
    reading ??= current()
      .then((settings) => {
        last = { settings, at: clock().getTime() };
        return settings;
      })
      .finally(() => (reading = undefined));
    return reading;
  }

  return {
    current,
    snapshot,
    /** The last snapshot read, without waiting (call `snapshot()` first where freshness matters). */
    loaded: (): Settings => last.settings,

    /** One setting, for the features that follow it. */
    async value<K extends keyof Settings>(key: K): Promise<Settings[K]> {
      return (await current())[key];
    },

    /**
     * Changes the settings named in `input` (400 naming each unknown key or
     * invalid value, nothing saved then), with each changed one's effect in
     * the same transaction; records each change in the audit log; answers
     * every setting as it now is.
     */
    async update(input: unknown, who: Who): Promise<Settings> {
      const body = (input ?? {}) as Record<string, unknown>;
      if (typeof body !== 'object' || Array.isArray(body)) throw new BadRequestError();
      const unknown = Object.keys(body).filter((k) => !(SETTING_KEYS as string[]).includes(k));
      if (unknown.length) {
        const details = Object.fromEntries(unknown.map((k) => [k, 'validation.settings.unknown']));
        throw new BadRequestError('validation.settings.unknown', details);
      }
      const changes = parseSettings(body);
      const refused: Record<string, string> = {};
      for (const [key, value] of Object.entries(changes)) {
        const message = await checks[key as SettingKey]?.(value);
        if (message) refused[key] = message;
      }
      if (Object.keys(refused).length)
        throw new BadRequestError(Object.values(refused)[0], refused);
      const before = await current();
      const changed = Object.entries(changes).filter(
        ([key, value]) => JSON.stringify(value) !== JSON.stringify(before[key as keyof Settings]),
      );
      if (changed.length) {
        await repo.save(Object.fromEntries(changed), who.actor?.id ?? null, async (trx) => {
          for (const [key, value] of changed) await effects[key as SettingKey]?.(trx, value);
        });
        for (const [key, value] of changed) {
          await audit.record(who, {
            action: 'settings.changed',
            target_type: 'setting',
            target_id: key,
            summary: isSecret(key)
              ? `${key}: changed`
              : `${key}: ${shown(before[key as keyof Settings])} -> ${shown(value)}`,
          });
        }
      }
      const now = await current();
      last = { settings: now, at: clock().getTime() };
      return now;
    },
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
