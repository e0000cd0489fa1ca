import { LoginSchema, ProfileUpdateSchema, RegisterSchema, type User } from '#shared/auth';
import { UNKNOWN_ACCOUNT, type AuditAction } from '#shared/audit';
import { isStaff, type Role } from '#shared/roles';
import type { SessionUser } from '../../http/session';
import type { Db } from '../../db/knex';
import { isUniqueViolation } from '../../db/values';
import {
  BadRequestError,
  ConflictError,
  ForbiddenError,
  NotFoundError,
  UnauthorizedError,
} from '../../errors';
import { parseInput } from '../../validation';
import { NOBODY, actingAs, type Who } from '../../http/who';
import { NO_AUDIT, type AuditRecorder } from '../../audit-recorder';
import { dummyHash, hashPassword, needsRehash, verifyPassword } from './password';
import { checkCurrentPassword } from './secret-checks';
import { createTokensRepo } from './tokens.repo';
import { createUsersRepo, type UserRecord } from './users.repo';

const usernameTaken = () =>
  new ConflictError('apiErrors.usernameTaken', { username: 'apiErrors.usernameTaken' });

const toSessionUser = (u: UserRecord): SessionUser => ({
  id: u.id,
  username: u.username,
  name: u.name,
  language: u.language,
  is_admin: u.is_admin,
  role: u.role,
});

/**
 * The user as the sign-in answers (password, second step, registration, an
 * accepted invitation) and the profile give it: with the display name and
 * the language, so the admin greets and speaks to the account at once.
 */
export const publicUser = (u: SessionUser): User => ({
  username: u.username,
  name: u.name,
  language: u.language,
  is_admin: u.is_admin,
  role: u.role,
});

/** Never asks: for the CLI and tests, where no site setting applies. */
const NOT_REQUIRED = async () => false;

export type LoginOutcome = { user: SessionUser; twoFactor: boolean };

/** Accounts: sign-in, registration, profile changes and the admin bootstrap. */
export function createAuthService({
  db,
  allowRegistration,
  audit = NO_AUDIT,
  twoFactorRequired = NOT_REQUIRED,
  startupAccount,
}: {
  db: Db;
  allowRegistration: boolean;
  audit?: AuditRecorder;
  /** Whether the site requires two-factor sign-in of every staff account. */
  twoFactorRequired?: () => Promise<boolean>;
  /**
   * The username ADMIN_USERNAME names: the profile of that account says so
   * (renamed, the next start creates the name again; bootstrap.ts).
   */
  startupAccount?: string;
}) {
  const users = createUsersRepo(db);
  // Matched as the start looks it up (and the users' list flags it): whatever the case.
  const startup = startupAccount?.toLowerCase();
  const tokens = createTokensRepo(db);

  async function insertUser(username: string, password: string, role: Role) {
    if (await users.findByUsername(username)) throw usernameTaken();
    try {
      const hash = await hashPassword(password);
      return await users.insert({ username, password_hash: hash, role });
    } catch (error) {
      if (isUniqueViolation(error)) throw usernameTaken();
      throw error;
    }
  }

  /** What a session of this account carries; null for a missing or deactivated account. */
  async function signedInAs(user: UserRecord | null): Promise<SessionUser | null> {
    if (!user || !user.active) return null;
    const due = isStaff(user.role) && user.totp_secret === null && (await twoFactorRequired());
    return { ...toSessionUser(user), ...(due && { two_factor_due: true }) };
  }

  return {
    /**
     * Checks a username and password (an unknown user costs a hash too, so
     * timing tells nothing). A hash made at an older cost is replaced. When
     * the account has two-factor sign-in on, the caller must still ask for
     * the code before starting a session.
     */
    async login(input: unknown, who: Who = NOBODY): Promise<LoginOutcome> {
      const { username, password } = parseInput(LoginSchema, input, 'validation.login.required');
      const user = await users.findByUsername(username);
      const ok = await verifyPassword(password, user?.password_hash ?? (await dummyHash()));
      if (!user || !ok) {
        // An unknown account is never recorded by what was typed (UNKNOWN_ACCOUNT).
        await audit.record(actingAs(who, user ?? { id: null, username: UNKNOWN_ACCOUNT }), {
          action: 'auth.login_failed',
          summary: user ? 'wrong password' : 'unknown username',
        });
        throw new UnauthorizedError('apiErrors.invalidCredentials');
      }
      if (!user.active) {
        await audit.record(actingAs(who, user), {
          action: 'auth.login_failed',
          summary: 'deactivated account',
        });
        throw new UnauthorizedError('apiErrors.accountDeactivated');
      }
      if (needsRehash(user.password_hash)) {
        await users.rehash(user.id, await hashPassword(password));
      }
      const twoFactor = user.totp_secret !== null;
      if (!twoFactor) await this.recordSignIn(toSessionUser(user), who);
      return { user: toSessionUser(user), twoFactor };
    },

    async recordSignIn(user: SessionUser, who: Who, summary?: string): Promise<void> {
      await users.update(user.id, { last_sign_in_at: new Date().toISOString() });
      await audit.record(actingAs(who, user), {
        action: 'auth.login',
        target_type: 'user',
        target_id: user.id,
        summary,
      });
    },

    async register(input: unknown, who: Who = NOBODY): Promise<SessionUser> {
      if (!allowRegistration) throw new ForbiddenError('apiErrors.registrationDisabled');
      const { username, password } = parseInput(RegisterSchema, input);
      const user = toSessionUser(await insertUser(username, password, 'user'));
      await audit.record(actingAs(who, user), {
        action: 'auth.registered',
        target_type: 'user',
        target_id: user.id,
      });
      return user;
    },

    /** The signed-in user as stored now; 401 when the account no longer exists or is deactivated. */
    async current(id: number): Promise<
      SessionUser & {
        two_factor_enabled: boolean;
        email: string | null;
        pending_email: string | null;
        startup_account: boolean;
      }
    > {
      const user = await this.sessionUser(id);
      const record = await users.findById(id);
      if (!user || !record) throw new UnauthorizedError('apiErrors.authRequired');
      const pending_email = await tokens.pendingEmail(id, new Date().toISOString());
      return {
        ...user,
        two_factor_enabled: record.totp_secret !== null,
        email: record.email,
        pending_email,
        startup_account: startup !== undefined && record.username.toLowerCase() === startup,
      };
    },

    /** What a new session of this account would carry now; null for a deleted or deactivated one. */
    async sessionUser(id: number): Promise<SessionUser | null> {
      return signedInAs(await users.findById(id));
    },

    /**
     * What the signed-in session `handle` of this account carries now
     * (current-user.ts reads it on every signed-in request, in one query with
     * the session's row); null for a deleted or deactivated account, and for
     * a session that has ended (its row in `user_sessions` gone).
     */
    async sessionUserOf(id: number, handle: string): Promise<SessionUser | null> {
      return signedInAs(await users.findBySession(id, handle));
    },

    /**
     * A new username, password, display name and/or language; says whether
     * the password changed. The username and the password need the current
     * password (a current password sent with only a display name or a
     * language is checked too); a display name or a language alone does
     * not. A new password spends the unused reset links.
     */
    async updateProfile(
      id: number,
      input: unknown,
      who: Who = NOBODY,
    ): Promise<{ user: SessionUser; passwordChanged: boolean }> {
      const changes = parseInput(ProfileUpdateSchema, input);
      const user = await users.findById(id);
      if (!user) throw new UnauthorizedError('apiErrors.authRequired');
      if (changes.current_password) {
        await checkCurrentPassword(audit, who, user, changes.current_password, 'profile change');
      }
      const { username, password, name, language } = changes;
      if ([username, password, name, language].every((v) => v === undefined)) {
        throw new BadRequestError('apiErrors.profileUnchanged');
      }
      if (username !== undefined) {
        const other = await users.findByUsername(username);
        if (other && other.id !== id) throw usernameTaken();
      }
      const password_hash = password === undefined ? undefined : await hashPassword(password);
      // All or nothing; the new password spends the reset links sent before.
      await db.transaction(async (trx) => {
        const repo = createUsersRepo(trx);
        const fields = {
          ...(username !== undefined && { username }),
          ...(name !== undefined && { name }),
          ...(language !== undefined && { language }),
        };
        if (Object.keys(fields).length) await repo.update(id, fields);
        if (password_hash !== undefined) await repo.setPassword(id, password_hash);
      });
      const updated = toSessionUser((await users.findById(id))!);
      const actor = actingAs(who, updated);
      const entry = (action: AuditAction, summary?: string) =>
        audit.record(actor, { action, target_type: 'user', target_id: id, summary });
      if (username !== undefined && username !== user.username) {
        await entry('account.username_changed', `${user.username} -> ${updated.username}`);
      }
      if (name !== undefined && name !== user.name) {
        await entry('account.name_changed', `${user.name ?? '(none)'} -> ${name ?? '(none)'}`);
      }
      if (language !== undefined && language !== user.language) {
        await entry(
          'account.language_changed',
          `${user.language ?? '(none)'} -> ${language ?? '(none)'}`,
        );
      }
      if (password !== undefined) await entry('account.password_changed');
      return { user: updated, passwordChanged: password !== undefined };
    },

    /**
     * ADMIN_USERNAME at start: creates this admin unless a user of that name
     * exists (CONTRACT.md), recorded in the audit log under the start-up (no
     * actor). `otherAdmins` counts the active admins there were already: the
     * team has taken over and this account, deleted or renamed, is back.
     */
    async ensureAdmin(
      username: string,
      password: string,
    ): Promise<{ created: false } | { created: true; otherAdmins: number }> {
      if (await users.findByUsername(username)) return { created: false };
      const otherAdmins = await users.countAdmins();
      const user = await insertUser(username, password, 'admin');
      await audit.record(NOBODY, {
        action: 'user.created',
        target_type: 'user',
        target_id: user.id,
        summary: `${user.username} (ADMIN_USERNAME at start)`,
      });
      return { created: true, otherAdmins };
    },

    /** The admin CLI's `create`; recorded in the audit log, as its other commands are. */
    async createAdmin(username: string, password: string): Promise<void> {
      const valid = parseInput(RegisterSchema, { username, password });
      const user = await insertUser(valid.username, valid.password, 'admin');
      await audit.record(NOBODY, {
        action: 'user.created',
        target_type: 'user',
        target_id: user.id,
        summary: `${user.username} (command line)`,
      });
    },

    /**
     * The admin CLI's reset; returns the user's id so the caller can end its
     * sessions. Like any new password it spends the reset links sent before.
     */
    async resetPassword(username: string, password: string): Promise<number> {
      const user = await users.findByUsername(username);
      if (!user) throw new NotFoundError('apiErrors.userNotFound');
      const valid = parseInput(RegisterSchema.pick({ password: true }), { password });
      await users.setPassword(user.id, await hashPassword(valid.password));
      await audit.record(NOBODY, {
        action: 'account.password_reset',
        target_type: 'user',
        target_id: user.id,
        summary: `${user.username} (command line)`,
      });
      return user.id;
    },

    exists: async (username: string) => (await users.findByUsername(username)) !== null,

    hasAdmin: async () => (await users.countAdmins()) > 0,
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
