/**
 * The audit trail as the API returns it (`GET /api/audit`). `actor` is the
 * username at the time (null for no account: someone not signed in, such as
 * a password reset asked for, with the address it came from, or the system,
 * without one; UNKNOWN_ACCOUNT for a sign-in refused to a username no
 * account has); `summary` is short and never holds a secret or an
 * enquiry's text.
 */
export type AuditEntry = {
  id: number;
  at: string;
  actor: string | null;
  action: AuditAction;
  target_type: string | null;
  target_id: string | null;
  summary: string;
  ip: string | null;
};

/**
 * The actor of a sign-in refused to a username no account has, in place of
 * what was typed: that may be a password typed into the wrong field, and the
 * trail is shown to every admin and kept for AUDIT_RETENTION_DAYS. No
 * username can be this (USERNAME_PATTERN has no spaces or brackets).
 */
export const UNKNOWN_ACCOUNT = '(unknown account)';

export type AuditPage = {
  entries: AuditEntry[];
  total: number;
  pages: number;
  current_page: number;
  /** Entries older than this many days are deleted (AUDIT_RETENTION_DAYS). */
  retention_days: number;
};

/** Every action the trail records, for the admin's filter and labels. */
export const AUDIT_ACTIONS = [
  'auth.login',
  'auth.login_failed',
  'auth.two_factor_failed',
  'auth.logout',
  'auth.registered',
  'account.username_changed',
  'account.name_changed',
  'account.language_changed',
  'account.password_changed',
  'account.password_reset',
  'account.two_factor_enabled',
  'account.two_factor_disabled',
  'account.two_factor_reset',
  'account.two_factor_moved',
  'account.recovery_code_used',
  'account.recovery_codes_renewed',
  'account.session_ended',
  'account.other_sessions_ended',
  'account.password_reset_requested',
  'account.email_change_requested',
  'account.email_confirmed',
  'account.password_check_failed',
  'account.code_check_failed',
  'user.created',
  'user.invited',
  'user.invitation_resent',
  'user.invitation_withdrawn',
  'user.invitation_accepted',
  'user.role_changed',
  'user.deactivated',
  'user.reactivated',
  'user.deleted',
  'article.created',
  'article.updated',
  'article.published',
  'article.unpublished',
  'article.deleted',
  'article.revision_restored',
  'article.preview_created',
  'article.preview_revoked',
  'article.demo_removed',
  'page.created',
  'page.updated',
  'page.published',
  'page.unpublished',
  'page.deleted',
  'page.revision_restored',
  'page.preview_created',
  'page.preview_revoked',
  'page.reordered',
  'contact.read',
  'contact.unread',
  'contact.replied',
  'contact.unreplied',
  'contact.spam',
  'contact.not_spam',
  'contact.deleted',
  'contact.exported',
  'contact.purged',
  'contact.reply_sent',
  'contact.note_added',
  'contact.assigned',
  'contact.unassigned',
  'media.uploaded',
  'media.deleted',
  'media.hero_changed',
  'site_texts.updated',
  'settings.changed',
] as const;

export type AuditAction = (typeof AUDIT_ACTIONS)[number];
