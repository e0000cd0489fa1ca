import type { MailCancelReason } from '#shared/mail-status';
import { activeWith, ROLES, type Capability, type Role } from '#shared/roles';
import type { Db } from '../../db/knex';
import { toBool } from '../../db/values';
import type { MailKind } from './outbox.repo';

/**
 * What the account an e-mail goes to because of its role must still hold
 * when the e-mail is sent, by the e-mail's kind: the same capability the
 * routes that show the mail's content require (shared/roles.ts). The notice
 * of an enquiry given to a colleague and the reminder of one they own carry
 * the visitor's name, address and message: `enquiries`. A kind queued for
 * an account and not named here needs the account to exist and be active.
 */
export const RECIPIENT_NEEDS: Partial<Record<MailKind, Capability>> = {
  assigned: 'enquiries',
  reminder: 'enquiries',
};

/** An account as the check needs it: null once deleted. */
export type RecipientAccount = { role: Role; active: boolean } | null;

/**
 * Why an e-mail of `kind` may not go to `account` now, or null when it may:
 * deleted, deactivated, or its role lacks what the kind needs (the one rule
 * of shared/roles.ts, as the routes and the assignment apply it).
 */
export function recipientRefusal(
  kind: MailKind,
  account: RecipientAccount,
): MailCancelReason | null {
  if (!account) return 'recipient-deleted';
  if (!account.active) return 'recipient-deactivated';
  const needs = RECIPIENT_NEEDS[kind];
  if (needs && !activeWith(account, needs)) return 'recipient-role';
  return null;
}

/**
 * The worker's check right before sending an e-mail queued for an account
 * (`account_id`): the account as it is now, one primary-key read. Other
 * recipients (visitors, NOTIFY_EMAIL, the alert lists, account mail) are
 * not checked.
 */
export function createRecipientAccess(db: Db) {
  return {
    async refusal(message: {
      kind: MailKind;
      accountId: number | null;
    }): Promise<MailCancelReason | null> {
      if (message.accountId === null) return null;
      const row = (await db('users').where({ id: message.accountId }).first('role', 'active')) as
        { role: unknown; active: unknown } | undefined;
      const account: RecipientAccount = row
        ? {
            role: (ROLES as readonly unknown[]).includes(row.role) ? (row.role as Role) : 'user',
            active: toBool(row.active),
          }
        : null;
      return recipientRefusal(message.kind, account);
    },
  };
}

export type RecipientAccess = ReturnType<typeof createRecipientAccess>;
