import { createHash } from 'node:crypto';
import {
  TwoFactorCodeSchema,
  TwoFactorMoveSchema,
  TwoFactorProofSchema,
  type TwoFactorSetup,
} from '#shared/auth';
import type { Db } from '../../db/knex';
import { ConflictError, type UnauthorizedError } from '../../errors';
import { parseInput } from '../../validation';
import { actingAs, type Who } from '../../http/who';
import type { AuditRecorder } from '../../audit-recorder';
import {
  checkTotp,
  hashRecoveryCode,
  newRecoveryCodes,
  newTotpSecret,
  setupDetails,
} from './two-factor';
import type { CheckedFor } from './secret-checks';
import { createUsersRepo, type UserRecord } from './users.repo';

/**
 * How long the session that started a move to a new device may ask for its
 * pending key again with the password alone (the dialog was closed before
 * the new app had it): no second code is spent on the same key.
 */
export const MOVE_AGAIN_MS = 15 * 60 * 1000;

/** What a session keeps of the move it started: when, and a fingerprint of the pending key. */
export type MoveStarted = { at: number; key: string };

const fingerprint = (secret: string) => createHash('sha256').update(secret).digest('base64url');

/** Whether the session's move is still the pending one, started within `MOVE_AGAIN_MS`. */
export const resumable = (pending: string | null, started: MoveStarted | undefined) =>
  pending !== null &&
  started !== undefined &&
  Date.now() - started.at <= MOVE_AGAIN_MS &&
  started.key === fingerprint(pending);

/** The checks of createTwoFactorService a move is made of. */
type MoveChecks = {
  /** The account (401 when it is gone). */
  account: (userId: number) => Promise<UserRecord>;
  /** The account, once its password is checked (401 otherwise, recorded). */
  withPassword: (
    userId: number,
    password: string,
    who: Who,
    checkedFor: CheckedFor,
  ) => Promise<UserRecord>;
  /** A current code as proof (401 otherwise, recorded); a recovery code is spent and recorded. */
  spendCode: (user: UserRecord, code: string, who: Who, checkedFor: CheckedFor) => Promise<void>;
  /** The refusal of a wrong code. */
  invalidCode: () => UnauthorizedError;
};

/**
 * Moving two-factor sign-in to a new device (a lost or replaced phone):
 * the password and a current code, then a new key pending until a code
 * from the new app confirms it. The old key works until then, so sign-in
 * is never without a second factor. Part of createTwoFactorService.
 */
export function createTwoFactorMove({
  db,
  audit,
  account,
  withPassword,
  spendCode,
  invalidCode,
}: { db: Db; audit: AuditRecorder } & MoveChecks) {
  const users = createUsersRepo(db);

  return {
    /**
     * Moving to a new device, first step: the password and a current code,
     * then a new key for the new app. It stays pending (the old key keeps
     * working) until `confirmMove` gets a code from the new app. `started`
     * is what the session kept of the move it began: within `MOVE_AGAIN_MS`,
     * while that key is still pending, it is answered again after the
     * password alone, and no code is checked or spent (none need be sent).
     */
    async startMove(
      userId: number,
      input: unknown,
      who: Who,
      started?: MoveStarted,
    ): Promise<{ setup: TwoFactorSetup; started: MoveStarted }> {
      const { password } = parseInput(TwoFactorMoveSchema, input);
      const user = await withPassword(userId, password, who, 'two-factor move');
      if (!user.totp_secret) throw new ConflictError('apiErrors.twoFactorNotOn');
      // Asked again by the session that started it, while that key is still the pending one:
      // the same key after the password alone (another session needs a code of its own).
      const { pending } = await users.twoFactor(userId);
      if (pending && started && resumable(pending, started)) {
        return { setup: await setupDetails(pending, user.username), started };
      }
      const { code } = parseInput(TwoFactorProofSchema, input);
      await spendCode(user, code, who, 'two-factor move');
      const secret = await newTotpSecret();
      await users.setTwoFactor(userId, { pending: secret });
      return {
        setup: await setupDetails(secret, user.username),
        started: { at: Date.now(), key: fingerprint(secret) },
      };
    },

    /**
     * Moving to a new device, second step: a code from the new app swaps in
     * the new key and a new set of recovery codes (answered, shown once), in
     * one transaction; the old key and the old codes stop working. The
     * route then ends every other session of the account.
     */
    async confirmMove(userId: number, input: unknown, who: Who): Promise<string[]> {
      const { code } = parseInput(TwoFactorCodeSchema, input);
      const user = await account(userId);
      if (!user.totp_secret) throw new ConflictError('apiErrors.twoFactorNotOn');
      const { pending } = await users.twoFactor(userId);
      if (!pending) throw new ConflictError('apiErrors.twoFactorMoveNotStarted');
      const step = await checkTotp(pending, code, null);
      if (step === null) throw invalidCode();
      const codes = newRecoveryCodes();
      const swapped = await db.transaction(async (trx) => {
        const repo = createUsersRepo(trx);
        await repo.lock({ id: userId });
        // Another tab may have finished (or turned it off) meanwhile.
        if ((await repo.twoFactor(userId)).pending !== pending) return false;
        await repo.replaceRecoveryCodes(userId, codes.map(hashRecoveryCode));
        await repo.setTwoFactor(userId, { secret: pending, pending: null, lastStep: step });
        return true;
      });
      if (!swapped) throw new ConflictError('apiErrors.twoFactorMoveNotStarted');
      await audit.record(actingAs(who, user), {
        action: 'account.two_factor_moved',
        target_type: 'user',
        target_id: userId,
      });
      return codes;
    },
  };
}
