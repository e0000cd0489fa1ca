import session from 'express-session';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAccount, createTestDb } from '../../../tests/support/test-app';
import { NO_AUDIT } from '../../audit-recorder';
import { NOBODY } from '../../http/who';
import { createSessionRegistry } from './session-registry';
import { createStaffService } from './staff.service';

let test: Awaited<ReturnType<typeof createTestDb>>;
let store: session.MemoryStore;
beforeEach(async () => {
  test = await createTestDb();
  store = new session.MemoryStore();
});
afterEach(() => test.destroy());

const LIFETIME = { idleMs: 3_600_000, absoluteMs: 86_400_000 };

/** An admin account signed in once: its id and its session's id in the store. */
async function signedInAdmin(registry: ReturnType<typeof createSessionRegistry>, name: string) {
  await createAccount(test, 'admin', name);
  const { id } = (await test.db('users').where({ username: name }).first('id')) as { id: number };
  const sid = `sid-${name}`;
  await new Promise<void>((resolve, reject) =>
    store.set(sid, { cookie: new session.Cookie() } as session.SessionData, (err) =>
      err ? reject(err) : resolve(),
    ),
  );
  await registry.record(sid, id, { device: 'Firefox', ip: '127.0.0.1' });
  return { id, sid };
}

const inStore = (sid: string) =>
  new Promise<unknown>((resolve, reject) =>
    store.get(sid, (err, data) => (err ? reject(err) : resolve(data))),
  );

describe('deleting an account', () => {
  it('ends the sessions of a deleted account, and leaves those of a refused deletion alive', async () => {
    const registry = createSessionRegistry({ db: test.db, store, lifetime: LIFETIME });
    const staff = createStaffService({ db: test.db, registry, audit: NO_AUDIT });
    // The only two active admins delete each other at once: both pass the
    // first check, one deletion goes through and the other is refused (409).
    const first = await signedInAdmin(registry, 'first-admin');
    const second = await signedInAdmin(registry, 'second-admin');
    const results = await Promise.allSettled([
      staff.remove(first.id, NOBODY),
      staff.remove(second.id, NOBODY),
    ]);
    const refused = results.findIndex((r) => r.status === 'rejected');
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect((results[refused] as PromiseRejectedResult).reason).toMatchObject({ status: 409 });

    const [gone, kept] = refused === 0 ? [second, first] : [first, second];
    expect(await inStore(gone.sid)).toBeUndefined();
    expect(await test.db('users').where({ id: kept.id }).first('id')).toBeTruthy();
    // Still signed in: its session is in the store and in the list.
    expect(await inStore(kept.sid)).toBeTruthy();
    expect(await test.db('user_sessions').where({ user_id: kept.id })).toHaveLength(1);
  });
});
