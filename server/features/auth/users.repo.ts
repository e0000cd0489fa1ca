import { isLanguage, type Language } from '#shared/languages';
import { CAPABILITIES, isStaff, ROLES, type Role } from '#shared/roles';
import type { Knex } from 'knex';
import { isEmbedded, type Db } from '../../db/knex';
import { now, toBool, toIso, toIsoOrNull } from '../../db/values';
import { createTokensRepo } from './tokens.repo';

export type UserRecord = {
  id: number;
  username: string;
  /** The display name (trimmed, at most 80 characters); null: the username stands for the account. */
  name: string | null;
  /** The language the account reads its e-mails and the admin in; null: none chosen. */
  language: Language | null;
  password_hash: string;
  role: Role;
  /** True for the staff roles (kept in step with `role` by every write here). */
  is_admin: boolean;
  active: boolean;
  /** The confirmed address, in lower case; null until one is confirmed. */
  email: string | null;
  last_sign_in_at: string | null;
  created_at: string;
  /** The active TOTP secret; null while two-factor sign-in is off. */
  totp_secret: string | null;
};

/** What `update` may change; `is_admin` follows `role`. A password goes through `setPassword`. */
export type UserFields = Partial<
  Pick<
    UserRecord,
    'username' | 'name' | 'language' | 'role' | 'active' | 'email' | 'last_sign_in_at'
  >
>;

const roleOf = (value: unknown): Role =>
  (ROLES as readonly unknown[]).includes(value) ? (value as Role) : 'user';

const columns = (fields: UserFields) => ({
  ...fields,
  ...(fields.role !== undefined && { is_admin: isStaff(fields.role) }),
  ...(typeof fields.email === 'string' && { email: fields.email.toLowerCase() }),
});

export type TwoFactorState = {
  secret: string | null;
  pending: string | null;
  lastStep: number | null;
};

type Row = Record<string, unknown>;

const toUser = (row: Row): UserRecord => ({
  id: Number(row.id),
  username: String(row.username),
  name: row.name ? String(row.name) : null,
  language: isLanguage(row.language) ? row.language : null,
  password_hash: String(row.password_hash),
  role: roleOf(row.role),
  is_admin: isStaff(roleOf(row.role)),
  active: toBool(row.active),
  email: row.email ? String(row.email) : null,
  last_sign_in_at: toIsoOrNull(row.last_sign_in_at),
  created_at: toIso(row.created_at),
  totp_secret: row.totp_secret ? String(row.totp_secret) : null,
});

/** Plain knex queries on `users`. Usernames compare without regard to case. */
export function createUsersRepo(db: Db | Knex.Transaction) {
  const users = () => db('users');
  return {
    /**
     * Locks the matching accounts' rows until the transaction this repo was
     * made on ends (PostgreSQL: another transaction that locks or changes
     * them waits, then sees this one's outcome). SQLite needs nothing: a
     * write transaction there holds the whole database.
     */
    async lock(where: Partial<Pick<UserRecord, 'id' | 'role' | 'active'>>): Promise<void> {
      if (!isEmbedded(db)) await users().where(where).forUpdate().select('id');
    },

    /**
     * Locks every active admin's row and account `id`'s, in id order, until
     * the transaction ends, and answers the ids locked: while it lasts,
     * nobody else can change them (PostgreSQL). SQLite answers null: a write
     * transaction there holds the whole database.
     */
    async lockWithAdmins(id: number): Promise<number[] | null> {
      if (isEmbedded(db)) return null;
      const rows: Row[] = await users()
        .where((q) => q.where({ role: 'admin', active: true }).orWhere({ id }))
        .orderBy('id')
        .forUpdate()
        .select('id');
      return rows.map((r) => Number(r.id));
    },

    async findByUsername(username: string): Promise<UserRecord | null> {
      const row = await users().whereRaw('lower(username) = ?', [username.toLowerCase()]).first();
      return row ? toUser(row) : null;
    },

    async findById(id: number): Promise<UserRecord | null> {
      const row = await users().where({ id }).first();
      return row ? toUser(row) : null;
    },

    /**
     * The account, while `handle` still names one of its sessions in
     * `user_sessions` (one query): null once the session has ended, whatever
     * the session store still holds.
     */
    async findBySession(id: number, handle: string): Promise<UserRecord | null> {
      const row = await users()
        .join('user_sessions', 'user_sessions.user_id', 'users.id')
        .where({ 'users.id': id, 'user_sessions.handle': handle })
        .first('users.*');
      return row ? toUser(row) : null;
    },

    async findByEmail(email: string): Promise<UserRecord | null> {
      const row = await users().where({ email: email.toLowerCase() }).first();
      return row ? toUser(row) : null;
    },

    async insert(
      user: Pick<UserRecord, 'username' | 'password_hash' | 'role'> & UserFields,
    ): Promise<UserRecord> {
      const at = now();
      await users().insert({ ...columns(user), created_at: at, updated_at: at });
      return (await this.findByUsername(user.username))!;
    },

    async update(id: number, fields: UserFields): Promise<void> {
      await users()
        .where({ id })
        .update({ ...columns(fields), updated_at: now() });
    },

    /**
     * A new password, however it is set (the profile, a reset link, the
     * command line): the hash, and in the same transaction the account's
     * unused reset links spent, used at `at` (decision 030, amended). A
     * link sent before would otherwise set the password again.
     */
    async setPassword(id: number, password_hash: string, at = now()): Promise<void> {
      await db.transaction(async (trx) => {
        await trx('users').where({ id }).update({ password_hash, updated_at: now() });
        await createTokensRepo(trx).spendUnused('password_reset', id, at);
      });
    },

    /** The same password under a newer hash (a sign-in after a cost change): nothing else changes. */
    async rehash(id: number, password_hash: string): Promise<void> {
      await users().where({ id }).update({ password_hash, updated_at: now() });
    },

    async twoFactor(id: number): Promise<TwoFactorState> {
      const row = await users()
        .where({ id })
        .first('totp_secret', 'totp_pending_secret', 'totp_last_step');
      return {
        secret: row?.totp_secret ? String(row.totp_secret) : null,
        pending: row?.totp_pending_secret ? String(row.totp_pending_secret) : null,
        lastStep:
          row?.totp_last_step === null || row?.totp_last_step === undefined
            ? null
            : Number(row.totp_last_step),
      };
    },

    async setTwoFactor(
      id: number,
      fields: { secret?: string | null; pending?: string | null; lastStep?: number | null },
    ): Promise<void> {
      await users()
        .where({ id })
        .update({
          ...(fields.secret !== undefined && { totp_secret: fields.secret }),
          ...(fields.pending !== undefined && { totp_pending_secret: fields.pending }),
          ...(fields.lastStep !== undefined && { totp_last_step: fields.lastStep }),
          updated_at: now(),
        });
    },

    /** Moves the last accepted step forward only (atomic): false when the step was already used. */
    async claimStep(id: number, step: number): Promise<boolean> {
      const changed = await users()
        .where({ id })
        .andWhere((q) => q.whereNull('totp_last_step').orWhere('totp_last_step', '<', step))
        .update({ totp_last_step: step });
      return changed > 0;
    },

    async replaceRecoveryCodes(userId: number, hashes: string[]): Promise<void> {
      await db.transaction(async (trx) => {
        await trx('recovery_codes').where({ user_id: userId }).delete();
        if (hashes.length) {
          await trx('recovery_codes').insert(
            hashes.map((code_hash) => ({ user_id: userId, code_hash, used_at: null })),
          );
        }
      });
    },

    /** Marks an unused recovery code used (atomic); false when there is no such unused code. */
    async useRecoveryCode(userId: number, hash: string): Promise<boolean> {
      const changed = await db('recovery_codes')
        .where({ user_id: userId, code_hash: hash })
        .whereNull('used_at')
        .update({ used_at: now() });
      return changed > 0;
    },

    /** How many of the account's recovery codes are still unused. */
    async unusedRecoveryCodes(userId: number): Promise<number> {
      const row = await db('recovery_codes')
        .where({ user_id: userId })
        .whereNull('used_at')
        .count({ n: '*' })
        .first();
      return Number(row?.n ?? 0);
    },

    /** Every account, staff first by role, then by name. */
    async all(): Promise<UserRecord[]> {
      const rows = await users()
        .select('*')
        .orderByRaw(
          "case role when 'admin' then 0 when 'editor' then 1 when 'sales' then 2 else 3 end",
        )
        .orderByRaw('lower(username)');
      return rows.map(toUser);
    },

    /** The active accounts whose role handles enquiries (they may own one), by username. */
    async activeStaff(): Promise<{ id: number; username: string; name: string | null }[]> {
      const rows = await users()
        .whereIn('role', CAPABILITIES.enquiries)
        .where({ active: true })
        .orderByRaw('lower(username)')
        .select('id', 'username', 'name');
      return rows.map((r: Row) => ({
        id: Number(r.id),
        username: String(r.username),
        name: r.name ? String(r.name) : null,
      }));
    },

    async remove(id: number): Promise<boolean> {
      return (await users().where({ id }).delete()) > 0;
    },

    /** Active accounts with the `admin` role (only those of `among`, when given). */
    async countAdmins(among?: number[] | null): Promise<number> {
      const query = users().where({ role: 'admin', active: true });
      if (among) query.whereIn('id', among);
      const row = await query.count({ n: '*' }).first();
      return Number(row?.n ?? 0);
    },
  };
}

export type UsersRepo = ReturnType<typeof createUsersRepo>;
