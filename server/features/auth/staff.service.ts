import type { Language } from '#shared/languages';
import { handlesEnquiries, mayInvite } from '#shared/roles';
import {
  UserUpdateSchema,
  type AccountChanged,
  type AccountDeleted,
  type StaffMember,
  type UserAccount,
} from '#shared/users';
import type { Db } from '../../db/knex';
import { ConflictError, NotFoundError } from '../../errors';
import { parseInput } from '../../validation';
import type { Who } from '../../http/who';
import type { AuditRecorder } from '../../audit-recorder';
import { withdrawnEntry } from './invitations.service';
import type { SessionRegistry } from './session-registry';
import { createTokensRepo, type TokenRecord } from './tokens.repo';
import { createUsersRepo, type UserRecord, type UsersRepo } from './users.repo';

export const toAccount = (u: UserRecord): UserAccount => ({
  id: u.id,
  username: u.username,
  name: u.name,
  language: u.language,
  email: u.email,
  role: u.role,
  is_admin: u.is_admin,
  active: u.active,
  two_factor: u.totp_secret !== null,
  last_sign_in_at: u.last_sign_in_at,
  created_at: u.created_at,
});

/** An enquiry an account gave back with its change, and whether it was open (not answered, not spam). */
export type ReleasedEnquiry = { id: number; open: boolean };

const lastAdmin = () => new ConflictError('apiErrors.lastAdmin');
const isActiveAdmin = (u: UserRecord) => u.role === 'admin' && u.active;

/**
 * The admins' management of accounts: the list, the active staff who
 * handle enquiries (for assigning them), a new role, deactivation and
 * reactivation, and deletion. A deactivated or deleted account's sessions
 * end at once (their holders told why: `closeAccount`); an account that no longer handles enquiries (a new role,
 * deactivated, deleted) gives back the enquiries it owned
 * (`enquiriesReleased`, before a deletion's row goes) and an account that
 * may no longer invite (a new role, deactivated, deleted) has the
 * invitations it sent withdrawn, both in the change's own transaction,
 * each enquiry and invitation then recorded under who made the change
 * (`contact.unassigned`, `user.invitation_withdrawn`, the summary saying
 * why). The answer says how many open enquiries went back. The last
 * active admin can be neither demoted, deactivated nor deleted: the change
 * and the count of admins it leaves happen in one transaction, with the
 * admins' rows locked on PostgreSQL so two admins demoting each other at
 * once cannot both succeed.
 */
export function createStaffService(deps: {
  db: Db;
  registry: Pick<SessionRegistry, 'closeAccount' | 'endAfter'>;
  audit: AuditRecorder;
  /**
   * Called when an account stops handling enquiries or is deleted, in the
   * transaction `trx` that changes it: the enquiries it owned go back to
   * nobody, so no reminder or e-mail about them reaches it, and it answers
   * them. An assignment to the account at the same moment reads it locked
   * (enquiry-thread.service.ts): it comes wholly before this, or sees the
   * change and is refused.
   */
  enquiriesReleased?: (userId: number, trx: Db) => Promise<ReleasedEnquiry[]>;
  /** How many open enquiries each account owns, for the list (the Users page's questions). */
  openEnquiries?: () => Promise<Map<number, number>>;
  /**
   * The username ADMIN_USERNAME names: every start creates that admin again
   * while no user has the name (bootstrap.ts), so the list flags it for the
   * Users page's questions before a deletion.
   */
  startupAccount?: string;
}) {
  const { db, registry, audit, enquiriesReleased, openEnquiries } = deps;
  const users = createUsersRepo(db);
  // Matched as the start looks it up: whatever the case of its letters.
  const startup = deps.startupAccount?.toLowerCase();

  /**
   * Writes a change to account `id` in one transaction with what it entails,
   * and answers the account as the transaction found it, as it left it (null
   * once deleted), the invitations it withdrew and the enquiries `write`
   * gave back. Every active admin's row
   * and the account's are locked first on PostgreSQL (SQLite's write
   * transaction holds the whole database), then the account is read there:
   * changes that cross wait for each other and each decides from what the
   * one before left, never from a copy read earlier. An invitation the
   * account sends meanwhile waits too, then sees the change
   * (invitations.service.ts), as does an enquiry given to it. When the
   * account keeps no right to invite, its pending invitations go first (a
   * deletion would forget who sent them). A change that leaves no active
   * admin is refused, rolled back: counted among the rows locked, which
   * nobody else can change meanwhile.
   */
  async function change(
    id: number,
    keepsInviting: (before: UserRecord) => boolean,
    write: (users: UsersRepo, trx: Db, before: UserRecord) => Promise<ReleasedEnquiry[]>,
  ): Promise<{
    before: UserRecord;
    after: UserRecord | null;
    withdrawn: TokenRecord[];
    released: ReleasedEnquiry[];
  }> {
    return db.transaction(async (trx) => {
      const repo = createUsersRepo(trx);
      const locked = await repo.lockWithAdmins(id);
      const before = await repo.findById(id);
      if (!before) throw new NotFoundError('apiErrors.userNotFound');
      const withdrawn = keepsInviting(before)
        ? []
        : await createTokensRepo(trx).removeInvitationsBy(id);
      const released = await write(repo, trx, before);
      if (isActiveAdmin(before) && (await repo.countAdmins(locked)) === 0) throw lastAdmin();
      return { before, after: await repo.findById(id), withdrawn, released };
    });
  }

  /** Records the invitations a change withdrew, under who made the change. */
  async function recordWithdrawn(who: Who, withdrawn: TokenRecord[], sender: string) {
    for (const record of withdrawn) {
      await audit.record(who, withdrawnEntry(record, `${sender} may no longer invite`));
    }
  }

  /** Gives back the enquiries of account `id` in `trx`: none without the contacts' part (a test). */
  const release = async (id: number, trx: Db) => (await enquiriesReleased?.(id, trx)) ?? [];

  /**
   * Records each enquiry a change gave back as unassigned, under who made
   * the change, the summary saying whose it was and why (`why`).
   */
  async function recordReleased(who: Who, released: ReleasedEnquiry[], why: string) {
    for (const { id } of released) {
      await audit.record(who, {
        action: 'contact.unassigned',
        target_type: 'contact',
        target_id: id,
        summary: why,
      });
    }
  }

  const openCount = (released: ReleasedEnquiry[]) => released.filter((e) => e.open).length;

  return {
    async list(): Promise<UserAccount[]> {
      const [accounts, open] = await Promise.all([users.all(), openEnquiries?.()]);
      return accounts.map((u) => ({
        ...toAccount(u),
        ...(open && { open_enquiries: open.get(u.id) ?? 0 }),
        ...(u.username.toLowerCase() === startup && { startup_account: true as const }),
      }));
    },

    staff: (): Promise<StaffMember[]> => users.activeStaff(),

    /** The language account `id` reads its e-mails in; null when it chose none (or is gone). */
    languageOf: async (id: number): Promise<Language | null> =>
      (await users.findById(id))?.language ?? null,

    async update(id: number, input: unknown, who: Who): Promise<AccountChanged> {
      const changes = parseInput(UserUpdateSchema, input);
      const fields = {
        ...(changes.role !== undefined && { role: changes.role }),
        ...(changes.active !== undefined && { active: changes.active }),
      };
      const { before, after, withdrawn, released } = await change(
        id,
        (account) => mayInvite({ ...account, ...fields }),
        async (repo, trx, account) => {
          await repo.update(id, fields);
          return handlesEnquiries(account) && !handlesEnquiries({ ...account, ...fields })
            ? release(id, trx)
            : [];
        },
      );
      if (!after) throw new NotFoundError('apiErrors.userNotFound');
      // Recorded before what follows from the change (which may fail, 503):
      // the change has committed and the trail says so either way.
      const target = { target_type: 'user', target_id: id };
      if (before.role !== after.role) {
        await audit.record(who, {
          action: 'user.role_changed',
          ...target,
          summary: `${after.username}: ${before.role} -> ${after.role}`,
        });
      }
      if (before.active !== after.active) {
        await audit.record(who, {
          action: after.active ? 'user.reactivated' : 'user.deactivated',
          ...target,
          summary: after.username,
        });
      }
      await recordWithdrawn(who, withdrawn, before.username);
      const deactivated = before.active && !after.active;
      await recordReleased(
        who,
        released,
        deactivated
          ? `from ${before.username}, deactivated`
          : `from ${before.username}, role changed to ${after.role}`,
      );
      if (deactivated) await registry.closeAccount(id);
      return { ...toAccount(after), open_enquiries_released: openCount(released) };
    },

    async remove(id: number, who: Who): Promise<AccountDeleted> {
      // The session list goes with the account (ON DELETE CASCADE): its
      // sessions are read in the deletion's transaction and ended once it
      // has committed, so a refused deletion (409) leaves them alive. Its
      // enquiries are given back before the row goes (the foreign key would
      // clear their owner too, unrecorded).
      let endSessions = async () => 0;
      const {
        before: user,
        withdrawn,
        released,
      } = await change(
        id,
        () => false,
        async (repo, trx) => {
          const released = await release(id, trx);
          endSessions = await registry.endAfter(id, trx);
          await repo.remove(id);
          return released;
        },
      );
      await audit.record(who, {
        action: 'user.deleted',
        target_type: 'user',
        target_id: id,
        summary: `${user.username} (${user.role})`,
      });
      await recordWithdrawn(who, withdrawn, user.username);
      await recordReleased(who, released, `from ${user.username}, deleted`);
      await endSessions();
      return { id, open_enquiries_released: openCount(released) };
    },
  };
}

export type StaffService = ReturnType<typeof createStaffService>;
