import type { AuditEntry } from '#shared/audit';
import type { Translate } from '#shared/languages';
import { ROLES } from '#shared/roles';

/*
 * The server writes the summaries of account and invitation entries in
 * English, with the role's id (features/auth: staff.service.ts,
 * invitations.service.ts), and a display name's or a language's change
 * as `old -> new` with `(none)` for none (auth.service.ts). Entries already stored keep
 * that text, so it is read back into its parts here and put into the
 * reader's language, the role by the name the Users page gives it. A
 * summary of another shape is left to the caller.
 */

const ROLE = `(${ROLES.join('|')})`;
/** `bob: editor -> sales` */
const ROLE_CHANGED = new RegExp(`^(.+): ${ROLE} -> ${ROLE}$`);
/**
 * `bob (editor)`, `ann@example.com (sales)`, and a withdrawal's `, alice may
 * no longer invite` or `, replaced` (by a new invitation to the address)
 */
const WITH_ROLE = new RegExp(`^(.+) \\(${ROLE}\\)(?:, (.+) may no longer invite|, (replaced))?$`);
/** `editor`, `editor, invited by alice` */
const ACCEPTED = new RegExp(`^${ROLE}(?:, invited by (.+))?$`);

const roleName = (role: string, t: Translate) => t(`admin.users.roles.${role}`);

/** `(none) -> pt`: the languages by their names. */
const LANGUAGE_CHANGED = /^(en|pt|de|\(none\)) -> (en|pt|de|\(none\))$/;

function languageChange(summary: string, t: Translate): string | null {
  const [, from, to] = LANGUAGE_CHANGED.exec(summary) ?? [];
  if (!from || !to) return null;
  const named = (code: string) =>
    code === '(none)' ? t('admin.audit.notes.noLanguage') : t(`language.names.${code}`);
  return t('admin.audit.notes.languageChanged', { from: named(from), to: named(to) });
}

/** `(none) -> Joana Silva`: null when a name holds the arrow itself (it cannot be split). */
function nameChange(summary: string, t: Translate): string | null {
  const parts = summary.split(' -> ');
  if (parts.length !== 2) return null;
  const [from, to] = parts.map((name) =>
    name === '(none)' ? t('admin.audit.notes.noName') : name,
  );
  return t('admin.audit.notes.nameChanged', { from, to });
}

export function accountNote(entry: AuditEntry, t: Translate): string | null {
  const { action, summary } = entry;
  if (action === 'account.name_changed') return nameChange(summary, t);
  if (action === 'account.language_changed') return languageChange(summary, t);
  if (action === 'user.role_changed') {
    const [, username, from, to] = ROLE_CHANGED.exec(summary) ?? [];
    if (!username || !from || !to) return null;
    return t('admin.audit.notes.roleChanged', {
      username,
      from: roleName(from, t),
      to: roleName(to, t),
    });
  }
  if (
    action === 'user.deleted' ||
    action === 'user.invited' ||
    action === 'user.invitation_resent' ||
    action === 'user.invitation_withdrawn'
  ) {
    const [, name, role, sender, replaced] = WITH_ROLE.exec(summary) ?? [];
    const why = sender ?? replaced;
    if (!name || !role || (why && action !== 'user.invitation_withdrawn')) return null;
    if (replaced) return t('admin.audit.notes.replaced', { email: name, role: roleName(role, t) });
    return sender
      ? t('admin.audit.notes.senderMayNotInvite', { email: name, role: roleName(role, t), sender })
      : t('admin.audit.notes.withRole', { name, role: roleName(role, t) });
  }
  if (action === 'user.invitation_accepted') {
    const [, role, sender] = ACCEPTED.exec(summary) ?? [];
    if (!role) return null;
    return sender
      ? t('admin.audit.notes.invitedBy', { role: roleName(role, t), sender })
      : roleName(role, t);
  }
  return null;
}
