import type { AuditAction } from '#shared/audit';
import type { Who } from './http/who';

/** One entry: what was done, to what, and a short note. */
export type AuditRecord = {
  action: AuditAction;
  target_type?: string;
  target_id?: string | number;
  /** Short and harmless: a title, a username tried; never a password, code or message text. */
  summary?: string;
};

/**
 * The one way the server writes the audit trail: every service records its
 * changes with `record(who, entry)` once the change is made (decision 029).
 * app.ts hands in the audit service (features/audit/audit.service.ts); a
 * service made without it (a service test, a command-line tool) gets
 * `NO_AUDIT`.
 */
export type AuditRecorder = { record(who: Who, entry: AuditRecord): Promise<void> };

/** Records nothing: the default of a service made without the audit trail. */
export const NO_AUDIT: AuditRecorder = { record: async () => undefined };
