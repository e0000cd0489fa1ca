import {
  TwoFactorCodeSchema,
  TwoFactorDisableSchema,
  TwoFactorProofSchema,
  TwoFactorSetupSchema,
  type TwoFactorSetup,
  type TwoFactorStatus,
} from '#shared/auth';
import { displayNameOf, type UserAccount } from '#shared/users';
import type { Db } from '../../db/knex';
import { ConflictError, NotFoundError, UnauthorizedError } from '../../errors';
import { parseInput } from '../../validation';
import { NOBODY, accountOf, actingAs, type Who } from '../../http/who';
import { NO_AUDIT, type AuditRecorder } from '../../audit-recorder';
import type { MailService } from '../mail/mail.service';
import type { LinkContext } from './invitations.service';
import { checkCurrentPassword, recordFailedCheck, type CheckedFor } from './secret-checks';
import type { SessionRegistry } from './session-registry';
import { toAccount } from './staff.service';
import {
  checkTotp,
  hashRecoveryCode,
  newRecoveryCodes,
  newTotpSecret,
  setupDetails,
} from './two-factor';
import { createTwoFactorMove, resumable, type MoveStarted } from './two-factor-move.service';
import { createUsersRepo, type UserRecord } from './users.repo';

const invalidCode = () => new UnauthorizedError('apiErrors.invalidTwoFactorCode');

/**
 * Optional TOTP sign-in per account: set up (password first; the key is
 * pending until a first code proves the app has it), enable (ten recovery
 * codes, shown once, stored hashed), check at sign-in (an app code or an
 * unused recovery code), disable (password and code), and the CLI's reset.
 * While it is on, the account can move it to a new device (password and a
 * current code, then a new key pending until a code from the new app
 * confirms it: the old key works until then, so sign-in is never without a
 * second factor: two-factor-move.service.ts) and get new recovery codes
 * (password and a code). An admin can reset a colleague's (`resetFor`).
 */
export function createTwoFactorService({
  db,
  audit = NO_AUDIT,
  required = async () => false,
  registry,
  mail,
}: {
  db: Db;
  audit?: AuditRecorder;
  /** Whether the site requires two-factor sign-in of every staff account (it cannot be turned off then). */
  required?: () => Promise<boolean>;
  /** For a reset (an admin's or the command line's): every session of the account ends. */
  registry: Pick<SessionRegistry, 'endOthers'>;
  /** For an admin's reset: the colleague is told by e-mail. */
  mail?: Pick<MailService, 'queueAccountMail'>;
}) {
  const users = createUsersRepo(db);

  async function account(id: number) {
    const user = await users.findById(id);
    if (!user) throw new UnauthorizedError('apiErrors.authRequired');
    return user;
  }

  /** An app code (each time step once) or an unused recovery code; which one it was. */
  async function acceptCode(userId: number, code: string): Promise<'app' | 'recovery' | null> {
    const state = await users.twoFactor(userId);
    if (!state.secret) return null;
    if (/^\d{6}$/.test(code)) {
      const step = await checkTotp(state.secret, code, state.lastStep);
      return step !== null && (await users.claimStep(userId, step)) ? 'app' : null;
    }
    return (await users.useRecoveryCode(userId, hashRecoveryCode(code))) ? 'recovery' : null;
  }

  /** A recovery code was spent: recorded, whether at sign-in or as proof for a change. */
  const recordRecoveryUse = (user: UserRecord, who: Who) =>
    audit.record(actingAs(who, user), {
      action: 'account.recovery_code_used',
      target_type: 'user',
      target_id: user.id,
    });

  /**
   * A current code as proof for a change (401 otherwise, recorded); a
   * recovery code is spent and recorded.
   */
  async function spendCode(user: UserRecord, code: string, who: Who, checkedFor: CheckedFor) {
    const accepted = await acceptCode(user.id, code);
    if (!accepted) {
      await recordFailedCheck(audit, who, user, 'code', checkedFor);
      throw invalidCode();
    }
    if (accepted === 'recovery') await recordRecoveryUse(user, who);
  }

  /** The account, once its password is checked (401 otherwise, recorded). */
  async function withPassword(userId: number, password: string, who: Who, checkedFor: CheckedFor) {
    const user = await account(userId);
    await checkCurrentPassword(audit, who, user, password, checkedFor);
    return user;
  }

  /**
   * The password and a current code (the app's, or a recovery code, which is
   * spent) of an account with two-factor sign-in on; answers the account.
   */
  async function proven(userId: number, input: unknown, who: Who, checkedFor: CheckedFor) {
    const { password, code } = parseInput(TwoFactorProofSchema, input);
    const user = await withPassword(userId, password, who, checkedFor);
    if (!user.totp_secret) throw new ConflictError('apiErrors.twoFactorNotOn');
    await spendCode(user, code, who, checkedFor);
    return user;
  }

  /**
   * Turns two-factor sign-in off for an account whose device and recovery
   * codes are lost, records it and ends every session of the account;
   * answers how many ended. The one reset, whoever runs it (an admin on the
   * web, the command line). Read under the lock: of two resets at once, the
   * second finds it off (409).
   */
  async function turnOff(user: UserRecord, who: Who, summary: string): Promise<number> {
    const wasOn = await db.transaction(async (trx) => {
      const repo = createUsersRepo(trx);
      await repo.lock({ id: user.id });
      if (!(await repo.twoFactor(user.id)).secret) return false;
      await repo.setTwoFactor(user.id, { secret: null, pending: null, lastStep: null });
      await repo.replaceRecoveryCodes(user.id, []);
      return true;
    });
    if (!wasOn) throw new ConflictError('apiErrors.twoFactorNotOn');
    await audit.record(who, {
      action: 'account.two_factor_reset',
      target_type: 'user',
      target_id: user.id,
      summary,
    });
    return registry.endOthers(user.id);
  }

  return {
    ...createTwoFactorMove({ db, audit, account, withPassword, spendCode, invalidCode }),

    async enabled(userId: number): Promise<boolean> {
      return (await users.twoFactor(userId)).secret !== null;
    },

    /**
     * `started`: what the asking session kept of a move it began; while it
     * may ask for that key again with the password alone, `move_pending`
     * says so, and the move's first step asks for no code.
     */
    async status(userId: number, started?: MoveStarted): Promise<TwoFactorStatus> {
      const { secret, pending } = await users.twoFactor(userId);
      const enabled = secret !== null;
      return {
        enabled,
        recovery_codes_left: enabled ? await users.unusedRecoveryCodes(userId) : 0,
        move_pending: enabled && resumable(pending, started),
      };
    },

    async setup(userId: number, input: unknown, who: Who): Promise<TwoFactorSetup> {
      const { password } = parseInput(TwoFactorSetupSchema, input);
      const user = await withPassword(userId, password, who, 'two-factor setup');
      if (user.totp_secret) throw new ConflictError('apiErrors.twoFactorAlreadyOn');
      const secret = await newTotpSecret();
      await users.setTwoFactor(userId, { pending: secret });
      return setupDetails(secret, user.username);
    },

    async enable(userId: number, input: unknown, who: Who): Promise<string[]> {
      const { code } = parseInput(TwoFactorCodeSchema, input);
      const user = await account(userId);
      if (user.totp_secret) throw new ConflictError('apiErrors.twoFactorAlreadyOn');
      const { pending } = await users.twoFactor(userId);
      if (!pending) throw new ConflictError('apiErrors.twoFactorNotSetUp');
      const step = await checkTotp(pending, code, null);
      if (step === null) throw invalidCode();
      const codes = newRecoveryCodes();
      await users.replaceRecoveryCodes(userId, codes.map(hashRecoveryCode));
      await users.setTwoFactor(userId, { secret: pending, pending: null, lastStep: step });
      await audit.record(actingAs(who, user), {
        action: 'account.two_factor_enabled',
        target_type: 'user',
        target_id: userId,
      });
      return codes;
    },

    async disable(userId: number, input: unknown, who: Who): Promise<void> {
      const { password, code } = parseInput(TwoFactorDisableSchema, input);
      const user = await withPassword(userId, password, who, 'two-factor off');
      if (!user.totp_secret) throw new ConflictError('apiErrors.twoFactorNotOn');
      if (user.is_admin && (await required()))
        throw new ConflictError('apiErrors.twoFactorRequired');
      await spendCode(user, code, who, 'two-factor off');
      await users.setTwoFactor(userId, { secret: null, pending: null, lastStep: null });
      await users.replaceRecoveryCodes(userId, []);
      await audit.record(actingAs(who, user), {
        action: 'account.two_factor_disabled',
        target_type: 'user',
        target_id: userId,
      });
    },

    /** A new set of recovery codes (the password and a code): the old ones stop working. */
    async renewRecoveryCodes(userId: number, input: unknown, who: Who): Promise<string[]> {
      const user = await proven(userId, input, who, 'new recovery codes');
      const codes = newRecoveryCodes();
      await users.replaceRecoveryCodes(userId, codes.map(hashRecoveryCode));
      await audit.record(actingAs(who, user), {
        action: 'account.recovery_codes_renewed',
        target_type: 'user',
        target_id: userId,
      });
      return codes;
    },

    /**
     * The sign-in's second step: 401 for a wrong or reused code (recorded).
     * When the account has no key any more (an admin reset it after the
     * password step), the sign-in has expired instead, unrecorded: the
     * sign-in page goes back to the password, which now signs in alone.
     * (The route checks that before its code limits, which an expired
     * answer does not count toward; this catches a reset in between.)
     */
    async verifySignIn(userId: number, input: unknown, who: Who): Promise<void> {
      const { code } = parseInput(TwoFactorCodeSchema, input);
      const user = await account(userId);
      if (!user.totp_secret) throw new UnauthorizedError('apiErrors.twoFactorExpired');
      const accepted = await acceptCode(userId, code);
      if (!accepted) {
        await audit.record(actingAs(who, user), {
          action: 'auth.two_factor_failed',
          target_type: 'user',
          target_id: userId,
        });
        throw invalidCode();
      }
      if (accepted === 'recovery') await recordRecoveryUse(user, who);
    },

    /**
     * An admin resets a colleague's two-factor sign-in (the device and the
     * recovery codes are lost): it is off, every session of the account
     * ends, and the colleague is e-mailed at a confirmed address. While the
     * site requires it, their next sign-in leads to its setup first (the
     * profile's `two_factor_setup_required`). Not for one's own account
     * (409): that moves to a new device instead. The e-mail names the admin
     * as colleagues are named: their display name, else their username.
     */
    async resetFor(id: number, ctx: LinkContext): Promise<UserAccount> {
      const admin = accountOf(ctx.who);
      if (admin.id === id) throw new ConflictError('apiErrors.twoFactorResetOwn');
      const user = await users.findById(id);
      if (!user) throw new NotFoundError('apiErrors.userNotFound');
      await turnOff(user, ctx.who, user.username);
      if (user.email) {
        const by = displayNameOf((await users.findById(admin.id)) ?? admin);
        await mail?.queueAccountMail('two-factor-reset', user.email, {
          kind: 'twoFactorReset',
          language: ctx.language,
          url: `${ctx.origin}/login?lang=${ctx.language}`,
          username: user.username,
          by,
        });
      }
      return toAccount({ ...user, totp_secret: null });
    },

    /**
     * `npm run admin -- reset-2fa <username>`: turns it off for someone who
     * lost the device, as an admin's reset does (every session ends);
     * answers how many sessions ended.
     */
    async reset(username: string): Promise<number> {
      const user = await users.findByUsername(username);
      if (!user) throw new NotFoundError('apiErrors.userNotFound');
      return turnOff(user, NOBODY, `${user.username} (command line)`);
    },
  };
}

export type TwoFactorService = ReturnType<typeof createTwoFactorService>;
