import { AUDIT_ACTIONS, UNKNOWN_ACCOUNT, type AuditAction, type AuditEntry } from '#shared/audit';
import type { Translate } from '#shared/languages';
import { SETTING_KEYS, SETTINGS, type SettingDefinition, type SettingKey } from '#shared/settings';
import { accountNote } from './account-notes';

export const isAuditAction = (value: unknown): value is AuditAction =>
  (AUDIT_ACTIONS as readonly unknown[]).includes(value);

/** What an action is about: sign-in, account, article, page, enquiry or upload. */
export const actionGroup = (action: AuditAction) => action.slice(0, action.indexOf('.'));

/** The actions grouped for the filter, in the order the trail declares them. */
export function actionGroups(): { group: string; actions: AuditAction[] }[] {
  const groups = new Map<string, AuditAction[]>();
  for (const action of AUDIT_ACTIONS) {
    const group = actionGroup(action);
    groups.set(group, [...(groups.get(group) ?? []), action]);
  }
  return [...groups].map(([group, actions]) => ({ group, actions }));
}

/** A refused attempt: shown in the colour of a warning. */
export const isFailure = (action: AuditAction) => action.endsWith('_failed');

export const actionLabel = (action: AuditAction, t: Translate) =>
  t(`admin.audit.actions.${action}`);

/**
 * The catalogue key naming an actor that is no account, or null for an
 * account's username: a sign-in refused to an unknown username; a request
 * from someone not signed in (no account, but an address: a password reset
 * asked for); else the system (the command line, the start, a background
 * job, which have no address).
 */
export function actorKey(entry: AuditEntry): string | null {
  if (entry.actor === UNKNOWN_ACCOUNT) return 'admin.audit.unknownAccount';
  if (entry.actor !== null) return null;
  return entry.ip === null ? 'admin.audit.system' : 'admin.audit.notSignedIn';
}

/**
 * The server writes a few fixed English notes into `summary`; they are
 * shown in the reader's language. Anything else (an article's title, a
 * username) is shown as written. Account and invitation entries name a role:
 * account-notes.ts reads them; a setting's change names its key and values,
 * the hero's its media ids: read below, old entries included.
 */
/** What a wrong current password or code was given for (server/features/auth/secret-checks.ts). */
const CHECKED_FOR: Record<string, string> = {
  'profile change': 'admin.audit.notes.checkedFor.profile',
  'e-mail change': 'admin.audit.notes.checkedFor.email',
  'two-factor setup': 'admin.audit.notes.checkedFor.twoFactorSetup',
  'two-factor off': 'admin.audit.notes.checkedFor.twoFactorOff',
  'two-factor move': 'admin.audit.notes.checkedFor.twoFactorMove',
  'new recovery codes': 'admin.audit.notes.checkedFor.recoveryCodes',
};

const NOTES: Partial<Record<AuditAction, Record<string, string>>> = {
  'auth.login': { 'with second factor': 'admin.audit.notes.secondFactor' },
  'auth.login_failed': {
    'wrong password': 'admin.audit.notes.wrongPassword',
    'unknown username': 'admin.audit.notes.unknownUsername',
    'deactivated account': 'admin.audit.notes.deactivatedAccount',
  },
  'account.password_check_failed': CHECKED_FOR,
  'account.code_check_failed': CHECKED_FOR,
  'contact.exported': {
    enquiries: 'admin.audit.notes.exportInbox',
    spam: 'admin.audit.notes.exportSpam',
  },
};

const isSettingKey = (key: string): key is SettingKey =>
  (SETTING_KEYS as readonly string[]).includes(key);

/** A setting's value as settings.service.ts writes it (lists joined by commas), as the Settings page names it. */
function settingValue(key: SettingKey, value: string, t: Translate): string {
  if (SETTINGS[key].kind === 'boolean' && (value === 'true' || value === 'false'))
    return t(value === 'true' ? 'admin.settings.on' : 'admin.settings.off');
  return value === '' ? t('admin.settings.empty') : value;
}

/**
 * `settings.changed`: `<key>: <before> -> <after>`, or `<key>: changed` for a
 * secret; the setting by its label. Null for another shape, or a key the
 * catalogue no longer has.
 */
function settingNote(summary: string, t: Translate): string | null {
  const secret = /^([a-z0-9_]+): changed$/.exec(summary);
  if (secret && isSettingKey(secret[1]!)) {
    const definition: SettingDefinition = SETTINGS[secret[1]];
    if (definition.kind === 'text' && definition.secret === true)
      return t('admin.audit.notes.settingSecretChanged', {
        setting: t(`admin.settings.keys.${secret[1]}.label`),
      });
  }
  const [, key, from, to] = /^([a-z0-9_]+): (.*) -> (.*)$/.exec(summary) ?? [];
  if (!key || from === undefined || to === undefined || !isSettingKey(key)) return null;
  return t('admin.audit.notes.settingChanged', {
    setting: t(`admin.settings.keys.${key}.label`),
    from: settingValue(key, from, t),
    to: settingValue(key, to, t),
  });
}

/** `media.hero_changed`: `<video id> / <still id>`, `-` for the site's own video or the video's own still. */
function heroNote(summary: string, t: Translate): string | null {
  const [, video, poster] = /^(\d+|-) \/ (\d+|-)$/.exec(summary) ?? [];
  if (!video || !poster) return null;
  const item = (id: string, none: string) =>
    id === '-' ? t(`admin.audit.notes.${none}`) : t('admin.audit.notes.heroItem', { id });
  return t('admin.audit.notes.heroChanged', {
    video: item(video, 'heroOwnVideo'),
    poster: item(poster, 'heroVideoStill'),
  });
}

export function summaryText(entry: AuditEntry, t: Translate): string {
  const { action, summary } = entry;
  const note = NOTES[action]?.[summary];
  if (note) return t(note);
  const account = accountNote(entry, t);
  if (account !== null) return account;
  if (action === 'account.other_sessions_ended' && /^\d+$/.test(summary))
    return t('admin.audit.notes.sessionsEnded', { count: Number(summary) });
  const purged = /^(spam|enquiries): (\d+), older than (\d+) days$/.exec(summary);
  if (action === 'contact.purged' && purged) {
    const key = purged[1] === 'spam' ? 'purgedSpam' : 'purgedEnquiries';
    return t(`admin.audit.notes.${key}`, { count: Number(purged[2]), days: Number(purged[3]) });
  }
  const change =
    action === 'settings.changed'
      ? settingNote(summary, t)
      : action === 'media.hero_changed'
        ? heroNote(summary, t)
        : null;
  if (change !== null) return change;
  if (action === 'account.username_changed' || action === 'user.role_changed')
    return summary.replace(' -> ', ' → ');
  const link = /^(.+) \(e-mail link\)$/.exec(summary);
  if (link) return t('admin.audit.notes.emailLink', { username: link[1]! });
  const cli = /^(.+) \(command line\)$/.exec(summary);
  if (cli) return t('admin.audit.notes.commandLine', { username: cli[1]! });
  const startup = /^(.+) \(ADMIN_USERNAME at start\)$/.exec(summary);
  if (startup) return t('admin.audit.notes.startup', { username: startup[1]! });
  return summary;
}

/** What the entry acted on, when that is something other than the account itself. */
export function targetText(entry: AuditEntry, t: Translate): string | null {
  const { target_type: type, target_id: id } = entry;
  if (!id || !['article', 'page', 'contact', 'media'].includes(type ?? '')) return null;
  return t(`admin.audit.targets.${type}`, { id });
}
