import { createHash } from 'node:crypto';
import type { Knex } from 'knex';

/**
 * How an address is known to the claims: lower case, without a `+tag` in its
 * local part (`Ana+x@Example.com` is `ana@example.com`: one mailbox on every
 * common provider), as its SHA-256, so the table holds no address.
 */
export function addressKey(address: string): string {
  const lower = address.trim().toLowerCase();
  const at = lower.lastIndexOf('@');
  const local = at > 0 ? lower.slice(0, at).replace(/\+.*$/, '') : lower;
  const normal = at > 0 ? `${local}${lower.slice(at)}` : lower;
  return createHash('sha256').update(normal).digest('hex');
}

/** `auto_reply_claims`: which visitor addresses were sent an auto-reply, and when. */
export function createAutoReplyClaims() {
  const claims = (q: Knex) => q('auto_reply_claims');
  return {
    /**
     * Claims the address for this enquiry's auto-reply unless another enquiry
     * claimed it after `since`; true when this one may send. One statement,
     * so two enquiries at once cannot both win. A won claim also forgets the
     * claims that no longer hold anything back (an indexed range, usually empty).
     */
    async claim(
      trx: Knex,
      address: string,
      contactId: number,
      now: string,
      since: string,
    ): Promise<boolean> {
      const rows = (await claims(trx)
        .insert({ address_key: addressKey(address), contact_id: contactId, claimed_at: now })
        .onConflict('address_key')
        .merge(['contact_id', 'claimed_at'])
        .where('auto_reply_claims.claimed_at', '<', since)
        .returning('address_key')) as unknown[];
      if (rows.length === 0) return false;
      await claims(trx).where('claimed_at', '<', since).delete();
      return true;
    },

    /** Gives back this enquiry's claim (its auto-reply was dropped before it went out). */
    release: (trx: Knex, contactId: number) =>
      claims(trx).where({ contact_id: contactId }).delete(),
  };
}
