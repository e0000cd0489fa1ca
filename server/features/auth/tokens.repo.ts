import { createHash, randomBytes } from 'node:crypto';
import { pickLanguage, type Language } from '#shared/languages';
import type { StaffRole } from '#shared/roles';
import { isEmbedded, type Db } from '../../db/knex';
import { toIso, toIsoOrNull } from '../../db/values';

export type TokenKind = 'invitation' | 'password_reset' | 'email_confirm';

export type TokenRecord = {
  id: number;
  kind: TokenKind;
  user_id: number | null;
  email: string;
  role: StaffRole | null;
  language: Language;
  created_by: number | null;
  /** The inviting admin's username (invitations listed with their author). */
  created_by_name: string | null;
  created_at: string;
  expires_at: string;
  used_at: string | null;
};

type Row = Record<string, unknown>;

const toRecord = (r: Row): TokenRecord => ({
  id: Number(r.id),
  kind: r.kind as TokenKind,
  user_id: r.user_id === null || r.user_id === undefined ? null : Number(r.user_id),
  email: String(r.email),
  role: (r.role ?? null) as StaffRole | null,
  language: pickLanguage(r.language),
  created_by: r.created_by === null || r.created_by === undefined ? null : Number(r.created_by),
  created_by_name: r.created_by_name ? String(r.created_by_name) : null,
  created_at: toIso(r.created_at),
  expires_at: toIso(r.expires_at),
  used_at: toIsoOrNull(r.used_at),
});

/** A new link token (256 random bits) and the hash the table keeps of it. */
export function newToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Plain knex queries on `account_tokens`: one-time links, found by the hash of their token. */
export function createTokensRepo(db: Db) {
  const table = () => db('account_tokens');
  const withAuthor = () =>
    table()
      .leftJoin('users', 'users.id', 'account_tokens.created_by')
      .select('account_tokens.*', 'users.username as created_by_name');
  /**
   * `lock`: the row stays locked until the transaction ends, so a resend,
   * a withdrawal and an acceptance of one link take turns (PostgreSQL; on
   * SQLite a write transaction holds the whole database).
   */
  const locked = (query: ReturnType<typeof withAuthor>, lock?: boolean) =>
    lock && !isEmbedded(db) ? query.forUpdate('account_tokens') : query;

  /**
   * Deletes the invitations matching `match` that nobody accepted (expired
   * ones too) and answers those it deleted, as they were. One row at a time,
   * each only while still unused, so an invitation accepted or withdrawn
   * meanwhile is not answered as withdrawn here.
   */
  async function removeInvitations(match: Record<string, string | number>) {
    const rows = await withAuthor()
      .where({ 'account_tokens.kind': 'invitation', ...match })
      .whereNull('account_tokens.used_at')
      .orderBy('account_tokens.id');
    const removed: TokenRecord[] = [];
    for (const record of rows.map(toRecord)) {
      if ((await table().where({ id: record.id }).whereNull('used_at').delete()) > 0) {
        removed.push(record);
      }
    }
    return removed;
  }

  return {
    async insert(row: {
      kind: TokenKind;
      token_hash: string;
      user_id?: number | null;
      email: string;
      role?: StaffRole | null;
      language: Language;
      created_by?: number | null;
      created_at: string;
      expires_at: string;
    }): Promise<TokenRecord> {
      const [inserted] = await table().insert(row).returning('id');
      const id = Number(typeof inserted === 'object' ? inserted.id : inserted);
      return (await this.byId(id))!;
    },

    async byId(id: number, { lock }: { lock?: boolean } = {}): Promise<TokenRecord | null> {
      const row = await locked(withAuthor(), lock).where('account_tokens.id', id).first();
      return row ? toRecord(row) : null;
    },

    /** The unused link of this kind with this token, expired or not. */
    async byToken(
      kind: TokenKind,
      token: string,
      { lock }: { lock?: boolean } = {},
    ): Promise<TokenRecord | null> {
      const row = await locked(withAuthor(), lock)
        .where({ 'account_tokens.kind': kind, 'account_tokens.token_hash': hashToken(token) })
        .whereNull('account_tokens.used_at')
        .first();
      return row ? toRecord(row) : null;
    },

    /** Marks the link used if nobody did first and it has not expired (atomic). */
    async claim(id: number, now: string): Promise<boolean> {
      const changed = await table()
        .where({ id })
        .whereNull('used_at')
        .where('expires_at', '>', now)
        .update({ used_at: now });
      return changed > 0;
    },

    /** Invitations not accepted yet (expired ones too), newest first. */
    async invitations(): Promise<TokenRecord[]> {
      const rows = await withAuthor()
        .where('account_tokens.kind', 'invitation')
        .whereNull('account_tokens.used_at')
        .orderBy('account_tokens.created_at', 'desc')
        .orderBy('account_tokens.id', 'desc');
      return rows.map(toRecord);
    },

    /**
     * A new token, sender and lifetime for the same link (a resend); the old
     * token stops working. Only while nobody used it: false when it was
     * accepted or withdrawn meanwhile.
     */
    async renew(
      id: number,
      fields: {
        token_hash: string;
        created_by: number | null;
        created_at: string;
        expires_at: string;
      },
    ): Promise<boolean> {
      return (await table().where({ id }).whereNull('used_at').update(fields)) > 0;
    },

    /** Deletes the invitations `userId` sent that nobody accepted; answers them (`removeInvitations`). */
    removeInvitationsBy(userId: number): Promise<TokenRecord[]> {
      return removeInvitations({ 'account_tokens.created_by': userId });
    },

    /**
     * Deletes the invitations to `email` that nobody accepted (a new one
     * replaces them) and answers those it deleted, as `removeInvitationsBy`.
     */
    removeInvitationsTo(email: string): Promise<TokenRecord[]> {
      return removeInvitations({ 'account_tokens.email': email });
    },

    async remove(id: number): Promise<boolean> {
      return (await table().where({ id }).delete()) > 0;
    },

    /** Forgets the unused links of this kind for an address or an account (a newer one replaces them). */
    async removeUnused(kind: TokenKind, match: { email?: string; user_id?: number }) {
      await table()
        .where({ kind, ...match })
        .whereNull('used_at')
        .delete();
    },

    /**
     * Spends the account's unused links of this kind (a change outdated
     * them): they stop working as a used one does, but stay on record, so
     * they still count toward the links it was sent (`countSince`).
     */
    async spendUnused(kind: TokenKind, userId: number, at: string) {
      await table().where({ kind, user_id: userId }).whereNull('used_at').update({ used_at: at });
    },

    /** How many links of this kind the account was sent since `since` (used, spent or not). */
    async countSince(kind: TokenKind, userId: number, since: string): Promise<number> {
      const row = await table()
        .where({ kind, user_id: userId })
        .where('created_at', '>', since)
        .count({ n: '*' })
        .first();
      return Number(row?.n ?? 0);
    },

    /** The address waiting for its confirmation, if a link for it still works. */
    async pendingEmail(userId: number, now: string): Promise<string | null> {
      const row = await table()
        .where({ kind: 'email_confirm', user_id: userId })
        .whereNull('used_at')
        .where('expires_at', '>', now)
        .orderBy('created_at', 'desc')
        .first('email');
      return row ? String(row.email) : null;
    },
  };
}

export type TokensRepo = ReturnType<typeof createTokensRepo>;
