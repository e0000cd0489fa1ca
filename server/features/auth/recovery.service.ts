import {
  EMAIL_CONFIRM_HOURS,
  EmailChangeSchema,
  PasswordResetRequestSchema,
  PasswordResetSchema,
  RESET_MINUTES,
  TokenSchema,
} from '#shared/users';
import type { Db } from '../../db/knex';
import { isUniqueViolation } from '../../db/values';
import {
  BadRequestError,
  ConflictError,
  ServiceUnavailableError,
  UnauthorizedError,
} from '../../errors';
import type { Logger } from '../../logger';
import { parseInput } from '../../validation';
import { actingAs, type Who } from '../../http/who';
import type { AuditRecorder } from '../../audit-recorder';
import type { MailService } from '../mail/mail.service';
import { linkUrl, type LinkContext } from './invitations.service';
import { hashPassword } from './password';
import { checkCurrentPassword } from './secret-checks';
import type { SessionRegistry } from './session-registry';
import { createTokensRepo, newToken } from './tokens.repo';
import { createUsersRepo } from './users.repo';
import { systemClock, type Clock } from '../../clock';

const MINUTE_MS = 60_000;
/** Reset e-mails one account gets per hour at most; more requests are answered the same, unsent. */
export const RESETS_PER_HOUR = 3;

const resetInvalid = () => new BadRequestError('apiErrors.resetLinkInvalid');
const confirmInvalid = () => new BadRequestError('apiErrors.emailLinkInvalid');
const emailTaken = () =>
  new ConflictError('apiErrors.emailTaken', { email: 'apiErrors.emailTaken' });

/**
 * Forgotten passwords and account e-mail addresses. A reset request always
 * answers the same, whether or not the address belongs to an account; the
 * link (valid an hour, once) goes to the account's confirmed address, and
 * the new password ends every session of the account (two-factor sign-in
 * still applies at the next sign-in). A new address takes effect only once
 * the link sent to it is followed. Both e-mails, and the pages their links
 * open, are in the account's language, else in the request's.
 */
export function createRecoveryService(deps: {
  db: Db;
  mail: Pick<MailService, 'queueAccountMail' | 'enabled'>;
  audit: AuditRecorder;
  registry: Pick<SessionRegistry, 'endOthers'>;
  logger: Logger;
  clock?: Clock;
}) {
  const { db, mail, audit, registry, logger, clock = systemClock } = deps;
  const tokens = createTokensRepo(db);
  const users = createUsersRepo(db);
  /** Now, and the end of a link's life `ms` from now (one reading of the clock). */
  const lifetime = (ms: number) => {
    const now = clock().getTime();
    return {
      created_at: new Date(now).toISOString(),
      expires_at: new Date(now + ms).toISOString(),
    };
  };

  /** The reset for an address, when it is an active account's and its hourly budget allows. */
  async function sendReset(email: string, ctx: LinkContext): Promise<void> {
    const user = await users.findByEmail(email);
    if (!user || !user.active) return;
    const language = user.language ?? ctx.language;
    const hourAgo = new Date(clock().getTime() - 60 * MINUTE_MS).toISOString();
    const { token, hash } = newToken();
    // Counted and written in one transaction (the account's row locked on PostgreSQL), so
    // requests arriving together cannot all pass the count.
    const record = await db.transaction(async (trx) => {
      await createUsersRepo(trx).lock({ id: user.id });
      const repo = createTokensRepo(trx);
      if ((await repo.countSince('password_reset', user.id, hourAgo)) >= RESETS_PER_HOUR) {
        return null;
      }
      return repo.insert({
        kind: 'password_reset',
        token_hash: hash,
        user_id: user.id,
        email: user.email!,
        language,
        ...lifetime(RESET_MINUTES * MINUTE_MS),
      });
    });
    if (!record) return;
    await mail.queueAccountMail('password-reset', user.email!, {
      kind: 'reset',
      language,
      url: linkUrl(ctx.origin, 'reset', token, language),
      expiresAt: record.expires_at,
      username: user.username,
    });
    // Whoever asked: anyone may, so someone not signed in is recorded as no account (the
    // audit page says "not signed in"), never as the account asked about; the target names it.
    await audit.record(ctx.who, {
      action: 'account.password_reset_requested',
      target_type: 'user',
      target_id: user.id,
      summary: user.username,
    });
  }

  /**
   * The reset behind a link and its account, while the link still works:
   * unused, not expired, and the account still active. Anything else is the
   * same 400, so the answer tells no more than the form would.
   */
  async function usableReset(token: string) {
    const record = await tokens.byToken('password_reset', token);
    if (!record || record.user_id === null) throw resetInvalid();
    if (Date.parse(record.expires_at) <= clock().getTime()) throw resetInvalid();
    const user = await users.findById(record.user_id);
    if (!user || !user.active) throw resetInvalid();
    return { record, user };
  }

  return {
    /**
     * Answers at once, the same for every address; the account's link is
     * prepared after the answer, so its time tells nothing either.
     */
    requestReset(input: unknown, ctx: LinkContext): void {
      const { email } = parseInput(PasswordResetRequestSchema, input);
      void sendReset(email.toLowerCase(), ctx).catch((error: unknown) =>
        logger.warn({ code: (error as { code?: string }).code }, 'password reset not prepared'),
      );
    },

    /**
     * Whether a reset link still works, for the page to show its form or say
     * at once that the link is spent; 400 for a used, expired or unknown link.
     * Nothing is used up, and the answer names nothing about the account.
     */
    async checkReset(input: unknown): Promise<{ ok: true }> {
      const { token } = parseInput(TokenSchema, input, 'apiErrors.resetLinkInvalid');
      await usableReset(token);
      return { ok: true };
    },

    /** A new password from a reset link: every session of the account ends. */
    async resetPassword(input: unknown, who: Who): Promise<void> {
      const { token, password } = parseInput(PasswordResetSchema, input, 'apiErrors.validation');
      const { record, user } = await usableReset(token);
      const password_hash = await hashPassword(password);
      const now = clock().toISOString();
      if (!(await tokens.claim(record.id, now))) throw resetInvalid();
      await users.setPassword(user.id, password_hash, now);
      await registry.endOthers(user.id);
      await audit.record(actingAs(who, user), {
        action: 'account.password_reset',
        target_type: 'user',
        target_id: user.id,
        summary: `${user.username} (e-mail link)`,
      });
    },

    /** The signed-in account asks to use a new address; it counts once confirmed. */
    async requestEmail(
      userId: number,
      input: unknown,
      ctx: LinkContext,
    ): Promise<{ pending_email: string }> {
      const { email, current_password } = parseInput(EmailChangeSchema, input);
      const user = await users.findById(userId);
      if (!user) throw new UnauthorizedError('apiErrors.authRequired');
      await checkCurrentPassword(audit, ctx.who, user, current_password, 'e-mail change');
      if (!mail.enabled) throw new ServiceUnavailableError('apiErrors.mailOff');
      const address = email.toLowerCase();
      if (address === user.email) {
        throw new BadRequestError('apiErrors.emailUnchanged', {
          email: 'apiErrors.emailUnchanged',
        });
      }
      const owner = await users.findByEmail(address);
      if (owner && owner.id !== userId) throw emailTaken();
      await tokens.removeUnused('email_confirm', { user_id: userId });
      const language = user.language ?? ctx.language;
      const { token, hash } = newToken();
      const record = await tokens.insert({
        kind: 'email_confirm',
        token_hash: hash,
        user_id: userId,
        email: address,
        language,
        ...lifetime(EMAIL_CONFIRM_HOURS * 60 * MINUTE_MS),
      });
      await mail.queueAccountMail('email-confirm', address, {
        kind: 'emailConfirm',
        language,
        url: linkUrl(ctx.origin, 'confirm-email', token, language),
        expiresAt: record.expires_at,
        username: user.username,
      });
      await audit.record(ctx.who, {
        action: 'account.email_change_requested',
        target_type: 'user',
        target_id: userId,
        summary: address,
      });
      return { pending_email: address };
    },

    /**
     * Follows a confirmation link: the address becomes the account's; unused
     * reset links end. Like a reset link, it works only while its account is
     * active: a deactivated (or deleted) colleague's link is the same 400.
     */
    async confirmEmail(input: unknown, who: Who): Promise<{ email: string }> {
      const { token } = parseInput(TokenSchema, input, 'apiErrors.emailLinkInvalid');
      const record = await tokens.byToken('email_confirm', token);
      if (!record || record.user_id === null) throw confirmInvalid();
      const user = await users.findById(record.user_id);
      if (!user || !user.active) throw confirmInvalid();
      const owner = await users.findByEmail(record.email);
      if (owner && owner.id !== user.id) throw emailTaken();
      const now = clock().toISOString();
      if (!(await tokens.claim(record.id, now))) throw confirmInvalid();
      try {
        await users.update(user.id, { email: record.email });
      } catch (error) {
        if (isUniqueViolation(error)) throw emailTaken();
        throw error;
      }
      // Reset links went to the old address: it no longer speaks for the account.
      await tokens.spendUnused('password_reset', user.id, now);
      await audit.record(who.actor ? who : actingAs(who, user), {
        action: 'account.email_confirmed',
        target_type: 'user',
        target_id: user.id,
        summary: record.email,
      });
      return { email: record.email };
    },

    /** The address waiting for confirmation, for the account page. */
    pendingEmail: (userId: number) => tokens.pendingEmail(userId, clock().toISOString()),
  };
}

export type RecoveryService = ReturnType<typeof createRecoveryService>;
