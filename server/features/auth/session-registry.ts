import { randomBytes } from 'node:crypto';
import session from 'express-session';
import type { ActiveSession } from '#shared/auth';
import type { Db } from '../../db/knex';
import { toIso } from '../../db/values';

const { Cookie } = session;

export type SessionLifetime = { idleMs: number; absoluteMs: number };

type Row = Record<string, unknown>;

/**
 * The signed-in sessions of each user (`user_sessions`), kept beside the
 * session store: the list an admin sees, "sign out everywhere else", and the
 * end of every other session when a password changes. Ending a session
 * destroys it in the store (SQLite file or PostgreSQL table alike), so its
 * cookie is dead at once, and removes its row, which every signed-in request
 * checks (current-user.ts): a request of the session still under way writes
 * it back to the store when it ends, but cannot bring the row back. The API names a session by its random `handle`;
 * the store's id never leaves the server.
 */
export function createSessionRegistry(deps: {
  db: Db;
  store: session.Store;
  lifetime: SessionLifetime;
}) {
  const { db, store, lifetime } = deps;
  const rows = () => db('user_sessions');

  const destroyInStore = (sid: string) =>
    new Promise<void>((resolve, reject) =>
      store.destroy(sid, (err?: unknown) => (err ? reject(err) : resolve())),
    );

  /**
   * A session of an account deactivated or deleted: signed out all the same
   * (nothing of the account is left in it), but kept as a mark, with its
   * cookie's lifetime, so its holder's next calls are told why
   * (`accountClosed`, guards.ts) and the admin forgets the account's drafts.
   */
  const closeInStore = (sid: string) =>
    new Promise<void>((resolve, reject) =>
      store.get(sid, (err, data) => {
        if (err) return reject(err);
        if (!data) return resolve();
        // As the store gave it: the cookie's fields in JSON. A Cookie again, as express-session makes
        // it, so the store keeps the mark as long as the cookie lives (its `maxAge`).
        const { expires, originalMaxAge, ...fields } = data.cookie;
        const cookie = Object.assign(new Cookie(), fields);
        if (expires) cookie.expires = new Date(expires);
        cookie.originalMaxAge = originalMaxAge;
        const closed = { cookie, accountClosed: true } as session.SessionData;
        store.set(sid, closed, (error?: unknown) => (error ? reject(error) : resolve()));
      }),
    );

  async function end(list: Row[], closed = false): Promise<number> {
    for (const row of list) await (closed ? closeInStore : destroyInStore)(String(row.sid));
    if (list.length) {
      await rows()
        .whereIn(
          'handle',
          list.map((r) => String(r.handle)),
        )
        .delete();
    }
    return list.length;
  }

  const expired = (row: Row, now: number) =>
    now - Date.parse(toIso(row.created_at)) > lifetime.absoluteMs ||
    now - Date.parse(toIso(row.last_seen_at)) > lifetime.idleMs;

  return {
    /** Records a new signed-in session; returns its public handle. */
    async record(sid: string, userId: number, from: { device: string; ip: string }) {
      const handle = randomBytes(16).toString('base64url');
      const at = new Date().toISOString();
      await rows().insert({
        handle,
        sid,
        user_id: userId,
        device: from.device.slice(0, 100),
        ip: from.ip.slice(0, 64),
        created_at: at,
        last_seen_at: at,
      });
      return handle;
    },

    async touch(handle: string, at: number, ip: string): Promise<void> {
      await rows()
        .where({ handle })
        .update({ last_seen_at: new Date(at).toISOString(), ip: ip.slice(0, 64) });
    },

    /** Forgets a session that ended by itself (sign-out, expiry). */
    async forget(handle: string): Promise<void> {
      await rows().where({ handle }).delete();
    },

    /** The user's live sessions, most recently used first; expired entries are swept. */
    async list(userId: number, currentHandle: string | undefined): Promise<ActiveSession[]> {
      const now = Date.now();
      const all: Row[] = await rows().where({ user_id: userId }).orderBy('last_seen_at', 'desc');
      const stale = all.filter((r) => expired(r, now));
      if (stale.length) await end(stale);
      return all
        .filter((r) => !expired(r, now))
        .map((r) => ({
          id: String(r.handle),
          device: String(r.device),
          address: String(r.ip),
          last_seen: toIso(r.last_seen_at),
          created_at: toIso(r.created_at),
          current: r.handle === currentHandle,
        }));
    },

    /** Ends every session of the user except `keepHandle` (none kept when undefined). */
    async endOthers(userId: number, keepHandle?: string): Promise<number> {
      const q = rows().where({ user_id: userId });
      if (keepHandle) q.whereNot({ handle: keepHandle });
      return end(await q);
    },

    /** Ends every session of a deactivated account, each telling its holder so (`closeInStore`). */
    async closeAccount(userId: number): Promise<number> {
      return end(await rows().where({ user_id: userId }), true);
    },

    /**
     * Reads the user's sessions in `trx` and answers what ends them, as
     * `closeAccount` does. For an account's deletion: its transaction takes
     * the rows with it (ON DELETE CASCADE) and may still be refused, so the
     * sessions are read there and ended only once it has committed.
     */
    async endAfter(userId: number, trx: Db): Promise<() => Promise<number>> {
      const list: Row[] = await trx('user_sessions').where({ user_id: userId });
      return () => end(list, true);
    },

    /** Ends one session of the user; false when the user has no session by that handle. */
    async endOne(userId: number, handle: string): Promise<boolean> {
      return (await end(await rows().where({ user_id: userId, handle }))) > 0;
    },
  };
}

export type SessionRegistry = ReturnType<typeof createSessionRegistry>;
