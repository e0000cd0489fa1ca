import type { Knex } from 'knex';
import type { Language } from '#shared/languages';
import { mayInvite } from '#shared/roles';
import {
  AcceptInvitationSchema,
  INVITATION_HOURS,
  InvitationSchema,
  TokenSchema,
  type Invitation,
  type InvitationPreview,
  type InvitationSent,
  displayNameOf,
} from '#shared/users';
import type { SessionUser } from '../../http/session';
import type { Db } from '../../db/knex';
import { isUniqueViolation } from '../../db/values';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError } from '../../errors';
import { parseInput } from '../../validation';
import { accountOf, actingAs, type Who } from '../../http/who';
import type { AuditRecord, AuditRecorder } from '../../audit-recorder';
import type { MailService } from '../mail/mail.service';
import { hashPassword } from './password';
import { createTokensRepo, newToken, type TokenRecord } from './tokens.repo';
import { createUsersRepo } from './users.repo';
import { systemClock, type Clock } from '../../clock';

const HOUR_MS = 3_600_000;

/**
 * Where a link leads: the admin app's page for it, in the language of the
 * e-mail that carries it (`?lang=`: a fresh browser opens it so, not in
 * English), the token after `#` (never sent to a server).
 */
export const linkUrl = (origin: string, page: string, token: string, language: Language) =>
  `${origin}/login/${page}?lang=${language}#${token}`;

/** What the request tells about where and in which language the link goes out. */
export type LinkContext = { origin: string; language: Language; who: Who };

const invalidLink = () => new BadRequestError('apiErrors.invitationInvalid');
const emailTaken = () =>
  new ConflictError('apiErrors.emailTaken', { email: 'apiErrors.emailTaken' });
const usernameTaken = () =>
  new ConflictError('apiErrors.usernameTaken', { username: 'apiErrors.usernameTaken' });

/**
 * The audit entry of a withdrawn invitation, by hand or (`because`) with its
 * sender's right to invite (staff.service.ts) or `replaced` by a new one to
 * the same address.
 */
export const withdrawnEntry = (record: TokenRecord, because?: string): AuditRecord => ({
  action: 'user.invitation_withdrawn',
  target_type: 'invitation',
  target_id: record.id,
  summary: `${record.email} (${record.role})${because ? `, ${because}` : ''}`,
});

/**
 * Invitations: an admin names an address and a staff role; the address gets
 * a one-time link, valid 72 hours, in the language the admin chose for it
 * (theirs unless they chose another; or, with e-mail off, the admin gets the
 * link to pass on). The colleague chooses a username
 * and password there and is signed in with that role. Pending invitations
 * can be sent again (a new link; the old one stops working; the invitation
 * becomes the resender's) or withdrawn.
 * An invitation holds only while its sender may invite: the staff service
 * withdraws a sender's invitations in the transaction that takes the right
 * away, and a new one is written only while the sender still has it.
 */
export function createInvitationsService(deps: {
  db: Db;
  mail: Pick<MailService, 'queueAccountMail'>;
  audit: AuditRecorder;
  clock?: Clock;
}) {
  const { db, mail, audit, clock = systemClock } = deps;
  const tokens = createTokensRepo(db);
  const users = createUsersRepo(db);

  const toInvitation = (r: TokenRecord): Invitation => ({
    id: r.id,
    email: r.email,
    role: r.role ?? 'editor',
    language: r.language,
    invited_by: r.created_by_name,
    created_at: r.created_at,
    expires_at: r.expires_at,
    expired: Date.parse(r.expires_at) <= clock().getTime(),
  });

  /**
   * E-mails the link (false when e-mail is off) and answers the invitation,
   * with the link if so, both in the invitation's language (whoever sends
   * it). The e-mail names the sender (`by`) as colleagues are named: their
   * display name, else their username.
   */
  async function send(record: TokenRecord, token: string, ctx: LinkContext, by: string) {
    const url = linkUrl(ctx.origin, 'invitation', token, record.language);
    const sent = await mail.queueAccountMail('invitation', record.email, {
      kind: 'invitation',
      language: record.language,
      url,
      expiresAt: record.expires_at,
      role: record.role ?? undefined,
      invitedBy: by,
    });
    const answer: InvitationSent = toInvitation(record);
    if (!sent) answer.invitation_url = url;
    return answer;
  }

  /**
   * The invitation `id` while nobody accepted it: 404 when there is none (or
   * it was withdrawn), 409 once accepted. `lock` holds its row until the
   * transaction ends (PostgreSQL), so an acceptance cannot cross the change.
   */
  async function pending(id: number, repo = tokens, lock = false): Promise<TokenRecord> {
    const record = await repo.byId(id, { lock });
    if (!record || record.kind !== 'invitation') {
      throw new NotFoundError('apiErrors.invitationNotFound');
    }
    if (record.used_at) throw new ConflictError('apiErrors.invitationAccepted');
    return record;
  }

  /**
   * The invitation behind a link, while it still works: as it is now, and
   * (`lock`) held so until the transaction ends (PostgreSQL).
   */
  async function usable(token: string, repo = tokens, lock = false): Promise<TokenRecord> {
    const record = await repo.byToken('invitation', token, { lock });
    if (!record || Date.parse(record.expires_at) <= clock().getTime()) throw invalidLink();
    return record;
  }

  /**
   * Refuses (403, as the route's guard does) when the sender may no longer
   * invite. Its row is locked on PostgreSQL, as the staff service locks it to
   * take the right away, so a demotion and an invitation that cross are
   * never both made: one waits for the other and sees it. Answers the
   * sender as the e-mail names them.
   */
  async function senderMayInvite(trx: Knex.Transaction, senderId: number): Promise<string> {
    const senders = createUsersRepo(trx);
    await senders.lock({ id: senderId });
    const sender = await senders.findById(senderId);
    if (!sender || !mayInvite(sender)) throw new ForbiddenError();
    return displayNameOf(sender);
  }

  const lifetime = () => {
    const now = clock();
    return {
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + INVITATION_HOURS * HOUR_MS).toISOString(),
    };
  };

  return {
    async list(): Promise<Invitation[]> {
      return (await tokens.invitations()).map(toInvitation);
    },

    /**
     * A new invitation replaces an earlier one to the same address: that one
     * is withdrawn (recorded so, `replaced`). Its language is the one chosen,
     * else the inviting admin's (the request's).
     */
    async invite(input: unknown, ctx: LinkContext): Promise<InvitationSent> {
      const { email, role, language = ctx.language } = parseInput(InvitationSchema, input);
      const address = email.toLowerCase();
      if (await users.findByEmail(address)) throw emailTaken();
      const sender = accountOf(ctx.who);
      const { token, hash } = newToken();
      const { record, by, replaced } = await db.transaction(async (trx) => {
        const named = await senderMayInvite(trx, sender.id);
        const repo = createTokensRepo(trx);
        const earlier = await repo.removeInvitationsTo(address);
        const made = await repo.insert({
          kind: 'invitation',
          token_hash: hash,
          email: address,
          role,
          language,
          created_by: sender.id,
          ...lifetime(),
        });
        return { record: made, by: named, replaced: earlier };
      });
      for (const old of replaced) await audit.record(ctx.who, withdrawnEntry(old, 'replaced'));
      await audit.record(ctx.who, {
        action: 'user.invited',
        target_type: 'invitation',
        target_id: record.id,
        summary: `${address} (${role})`,
      });
      return send(record, token, ctx, by);
    },

    /**
     * A new link, valid 72 hours from now, in the invitation's language (not
     * the resender's); the one sent before stops working.
     * The invitation becomes the resender's (who got the link, or had it
     * e-mailed), so it holds only while they may invite: written, as a new
     * one, in a transaction that reads the resender again, and only while
     * nobody withdrew (404) or accepted (409) it: the invitation's row is
     * read, locked, in that transaction.
     */
    async resend(id: number, ctx: LinkContext): Promise<InvitationSent> {
      const sender = accountOf(ctx.who);
      const { token, hash } = newToken();
      const { record, by } = await db.transaction(async (trx) => {
        const named = await senderMayInvite(trx, sender.id);
        const repo = createTokensRepo(trx);
        await pending(id, repo, true);
        const fields = { token_hash: hash, created_by: sender.id, ...lifetime() };
        if (!(await repo.renew(id, fields)))
          throw new NotFoundError('apiErrors.invitationNotFound');
        return { record: (await repo.byId(id))!, by: named };
      });
      await audit.record(ctx.who, {
        action: 'user.invitation_resent',
        target_type: 'invitation',
        target_id: id,
        summary: `${record.email} (${record.role})`,
      });
      return send(record, token, ctx, by);
    },

    /**
     * Deletes a pending invitation; 409 once accepted. Read, locked, and
     * deleted in one transaction, so an acceptance crossing it either comes
     * first (409, nothing recorded) or finds the link withdrawn.
     */
    async withdraw(id: number, who: Who): Promise<{ id: number }> {
      const record = await db.transaction(async (trx) => {
        const repo = createTokensRepo(trx);
        const found = await pending(id, repo, true);
        await repo.remove(id);
        return found;
      });
      await audit.record(who, withdrawnEntry(record));
      return { id };
    },

    /** What the invitation page shows; 400 for a used, withdrawn, expired or unknown link. */
    async preview(input: unknown): Promise<InvitationPreview> {
      const { token } = parseInput(TokenSchema, input, 'apiErrors.invitationInvalid');
      const record = await usable(token);
      return { email: record.email, role: record.role ?? 'editor', expires_at: record.expires_at };
    },

    /**
     * Creates the account (the invited role, the invited address as its
     * confirmed e-mail, the display name if one was chosen, the language
     * the page was shown in) and uses the link up, in one transaction that
     * finds the link by its token as it is then (its row locked on
     * PostgreSQL): a resend or a withdrawal that came first leaves this
     * token dead (400).
     * The same checks run once before the password is hashed, so a dead link
     * is refused without a hash; those in the transaction are the ones that
     * count. Answers the user to sign in.
     */
    async accept(input: unknown, who: Who): Promise<SessionUser> {
      const { token, username, password, name, language } = parseInput(
        AcceptInvitationSchema,
        input,
      );
      const invited = await usable(token);
      if (await users.findByUsername(username)) throw usernameTaken();
      if (await users.findByEmail(invited.email)) throw emailTaken();
      const password_hash = await hashPassword(password);
      let accepted: { record: TokenRecord; id: number };
      try {
        accepted = await db.transaction(async (trx) => {
          const repo = createTokensRepo(trx);
          const record = await usable(token, repo, true);
          const accounts = createUsersRepo(trx);
          if (await accounts.findByEmail(record.email)) throw emailTaken();
          if (!(await repo.claim(record.id, clock().toISOString()))) throw invalidLink();
          const user = await accounts.insert({
            username,
            name: name ?? null,
            language: language ?? null,
            password_hash,
            role: record.role ?? 'editor',
            email: record.email,
          });
          return { record, id: user.id };
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw usernameTaken();
        throw error;
      }
      const { record, id } = accepted;
      const user = (await users.findById(id))!;
      await audit.record(actingAs(who, { id, username: user.username }), {
        action: 'user.invitation_accepted',
        target_type: 'user',
        target_id: id,
        summary: `${user.role}${record.created_by_name ? `, invited by ${record.created_by_name}` : ''}`,
      });
      return {
        id,
        username: user.username,
        name: user.name,
        language: user.language,
        is_admin: user.is_admin,
        role: user.role,
      };
    },
  };
}

export type InvitationsService = ReturnType<typeof createInvitationsService>;
