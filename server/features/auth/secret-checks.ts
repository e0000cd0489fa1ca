import type { AuditRecorder } from '../../audit-recorder';
import { UnauthorizedError } from '../../errors';
import { actingAs, type Actor, type Who } from '../../http/who';
import { verifyPassword } from './password';

/**
 * What a signed-in account gave its current password or code for: the
 * summary of the entry a wrong one leaves (the audit page puts it into the
 * reader's language, audit-text.ts).
 */
export type CheckedFor =
  | 'profile change'
  | 'e-mail change'
  | 'two-factor setup'
  | 'two-factor off'
  | 'two-factor move'
  | 'new recovery codes';

/**
 * A wrong current password or code given inside a signed-in session as
 * proof for a change: recorded under the account, as a refused sign-in is,
 * so that guesses made at a colleague's unlocked computer leave a trace.
 * The one place these entries are written; never the value tried.
 */
export function recordFailedCheck(
  audit: AuditRecorder,
  who: Who,
  account: Actor & { id: number },
  secret: 'password' | 'code',
  checkedFor: CheckedFor,
): Promise<void> {
  return audit.record(actingAs(who, account), {
    action: secret === 'password' ? 'account.password_check_failed' : 'account.code_check_failed',
    target_type: 'user',
    target_id: account.id,
    summary: checkedFor,
  });
}

/** The account's current password, as proof for a change: 401 (recorded) when it is wrong. */
export async function checkCurrentPassword(
  audit: AuditRecorder,
  who: Who,
  account: Actor & { id: number; password_hash: string },
  password: string,
  checkedFor: CheckedFor,
): Promise<void> {
  if (await verifyPassword(password, account.password_hash)) return;
  await recordFailedCheck(audit, who, account, 'password', checkedFor);
  throw new UnauthorizedError('apiErrors.wrongPassword');
}
