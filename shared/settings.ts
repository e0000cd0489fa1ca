import { z } from 'zod';
import './zod-setup';
import { isDeliverableEmail } from './text';
import { DEFAULT_TIME_ZONE, isHolidayRule, isTimeZone, PORTUGAL_HOLIDAYS } from './work-calendar';

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
export type TextSetting = Common & {
  kind: 'text';
  default: string;
  max: number;
  /** What a value must also be (an empty one is always accepted unless `required`). */
  check?: (value: string) => boolean;
  /** Empty is refused. */
  required?: boolean;
  /** Shown to admins, but never written into the audit log. */
  secret?: boolean;
};
/** A list of short texts (addresses, URLs), edited one per line. */
export type ListSetting = Common & { kind: 'list'; default: readonly string[]; item: z.ZodString };
export type SettingDefinition =
  BooleanSetting | IntegerSetting | ChoiceSetting | TextSetting | ListSetting;

function emailItem() {
  return z.string().trim().toLowerCase().refine(isDeliverableEmail, 'validation.settings.email');
}

/**
 * An address a webhook may be given: an absolute `https://` (or `http://`)
 * URL without credentials. Whether plain HTTP and private addresses are
 * allowed is the server's configuration, checked when it is saved and sent.
 */
export function isWebhookUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (
      (url.protocol === 'https:' || url.protocol === 'http:') &&
      url.username === '' &&
      url.password === '' &&
      url.hostname !== ''
    );
  } catch {
    return false;
  }
}

/** Where a setting is shown on the Settings page, in this order. */
export const SETTING_GROUPS = ['security', 'replies', 'alerts', 'webhooks', 'retention'] as const;
export type SettingGroup = (typeof SETTING_GROUPS)[number];

export const SETTINGS = {
  /** Every staff account must sign in with a second factor; those without it set it up first. */
  require_two_factor: { kind: 'boolean', group: 'security', default: false },
  /** Only working days count towards the reply promise (weekends and holidays do not). */
  reply_working_days: { kind: 'boolean', group: 'replies', default: false },
  /** The company's time zone: where its days begin and end, and how e-mails name times. */
  reply_time_zone: {
    kind: 'text',
    group: 'replies',
    default: DEFAULT_TIME_ZONE,
    max: 64,
    check: isTimeZone,
    required: true,
  },
  /** Days off besides weekends (shared/work-calendar.ts: `MM-DD`, `YYYY-MM-DD`, `easter±N`). */
  reply_holidays: {
    kind: 'list',
    group: 'replies',
    default: PORTUGAL_HOLIDAYS,
    item: z.string().trim().refine(isHolidayRule, 'validation.settings.holiday'),
  },
  /** Where visitors' answers go: to the auto-reply, and to replies from the admin when the sender's account has no e-mail. */
  reply_to_email: {
    kind: 'text',
    group: 'replies',
    default: '',
    max: 254,
    check: isDeliverableEmail,
  },
  /** Alerts for enquiries in each language, besides NOTIFY_EMAIL. */
  alert_emails_en: { kind: 'list', group: 'alerts', default: [], item: emailItem() },
  alert_emails_pt: { kind: 'list', group: 'alerts', default: [], item: emailItem() },
  alert_emails_de: { kind: 'list', group: 'alerts', default: [], item: emailItem() },
  /** Each new enquiry is posted to this address (a CRM, Teams, Slack); empty: none. */
  webhook_url: { kind: 'text', group: 'webhooks', default: '', max: 500, check: isWebhookUrl },
  /** The key of the webhook's HMAC-SHA256 signature. */
  webhook_secret: { kind: 'text', group: 'webhooks', default: '', max: 200, secret: true },
  /** Spam older than this many days is deleted (once a day, server/features/contacts/retention.ts). */
  spam_retention_days: { kind: 'integer', group: 'retention', default: 30, min: 1, max: 3650 },
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
    case 'text': {
      const { check, required } = definition;
      return z
        .string({ error: INVALID })
        .trim()
        .max(definition.max, INVALID)
        .refine((v) => (v === '' ? !required : !check || check(v)), INVALID);
    }
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
