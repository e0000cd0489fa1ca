import { z } from 'zod';
import './zod-setup';

/**
 * The site's operational settings (`GET/PUT /api/settings`, the admin's
 * Settings page), all in one catalogue. A new setting is one entry here: its
 * kind (how the Settings page edits it), its schema and its default; its
 * label and meaning are `admin.settings.keys.<key>.label` and `.description`
 * in the locale catalogues, its group's heading `admin.settings.groups.<group>`.
 * Nothing else needs to change: the API, the store and the page take every
 * key from here.
 */

type Common = { group: SettingGroup };
export type BooleanSetting = Common & { kind: 'boolean'; default: boolean };
export type IntegerSetting = Common & {
  kind: 'integer';
  default: number;
  min: number;
  max: number;
};
export type ChoiceSetting = Common & {
  kind: 'choice';
  default: string;
  options: readonly string[];
};
export type TextSetting = Common & { kind: 'text'; default: string; max: number };
/** A list of short texts (addresses, URLs), edited one per line. */
export type ListSetting = Common & { kind: 'list'; default: readonly string[]; item: z.ZodString };
export type SettingDefinition =
  BooleanSetting | IntegerSetting | ChoiceSetting | TextSetting | ListSetting;

/** Where a setting is shown on the Settings page, in this order. */
export const SETTING_GROUPS = ['security'] as const;
export type SettingGroup = (typeof SETTING_GROUPS)[number];

export const SETTINGS = {
  /** Every staff account must sign in with a second factor; those without it set it up first. */
  require_two_factor: { kind: 'boolean', group: 'security', default: false },
} as const satisfies Record<string, SettingDefinition>;

export type SettingKey = keyof typeof SETTINGS;
export const SETTING_KEYS = Object.keys(SETTINGS) as SettingKey[];

type ValueOf<D> = D extends BooleanSetting
  ? boolean
  : D extends IntegerSetting
    ? number
    : D extends ChoiceSetting
      ? D['options'][number]
      : D extends ListSetting
        ? string[]
        : string;

/** Every setting with its current value. */
export type Settings = { -readonly [K in SettingKey]: ValueOf<(typeof SETTINGS)[K]> };

const INVALID = 'validation.settings.invalid';

/** The schema of one setting's value, from its kind. */
export function settingSchema(definition: SettingDefinition): z.ZodType {
  switch (definition.kind) {
    case 'boolean':
      return z.boolean({ error: INVALID });
    case 'integer':
      return z
        .number({ error: INVALID })
        .int(INVALID)
        .min(definition.min, INVALID)
        .max(definition.max, INVALID);
    case 'choice':
      return z.enum(definition.options as [string, ...string[]], { error: INVALID });
    case 'text':
      return z.string({ error: INVALID }).trim().max(definition.max, INVALID);
    case 'list':
      return z.array(definition.item, { error: INVALID }).max(50, INVALID);
  }
}

export const DEFAULT_SETTINGS = Object.fromEntries(
  SETTING_KEYS.map((key) => [key, structuredClone(SETTINGS[key].default)]),
) as Settings;

/**
 * `PUT /api/settings`: any of the settings, each valid for its kind; keys not
 * named keep their value, a key not in the catalogue is refused.
 */
export const SettingsUpdateSchema = z.strictObject(
  Object.fromEntries(SETTING_KEYS.map((key) => [key, settingSchema(SETTINGS[key]).optional()])),
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys' ? 'validation.settings.unknown' : INVALID,
  },
) as unknown as z.ZodType<Partial<Settings>>;
