import session from 'express-session';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAccount, createTestDb } from '../../../tests/support/test-app';
import { NO_AUDIT, type AuditRecorder } from '../../audit-recorder';
import type { Db } from '../../db/knex';
import { ServiceUnavailableError } from '../../errors';
import { NOBODY } from '../../http/who';
import { createContactsRepo } from '../contacts/contacts.repo';
import { createSessionRegistry } from './session-registry';
import { createStaffService } from './staff.service';
import { createTokensRepo, newToken } from './tokens.repo';

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
    // Ended: nothing of the account is left in it, only the mark that tells its holder why.
    expect(await inStore(gone.sid)).toEqual({ cookie: expect.anything(), accountClosed: true });
    expect(await test.db('users').where({ id: kept.id }).first('id')).toBeTruthy();
    // Still signed in: its session is in the store and in the list.
    expect(await inStore(kept.sid)).toBeTruthy();
    expect(await test.db('user_sessions').where({ user_id: kept.id })).toHaveLength(1);
  });
});

/** A recorder that keeps the actions it was given, in order. */
function recorder() {
  const actions: string[] = [];
  const audit: AuditRecorder = { record: async (_who, entry) => void actions.push(entry.action) };
  return { actions, audit };
}

/** An admin with one pending invitation it sent (and another admin, who stays). */
async function adminWithInvitation(name: string) {
  await createAccount(test, 'admin', 'staying-admin');
  await createAccount(test, 'admin', name);
  const { id } = (await test.db('users').where({ username: name }).first('id')) as { id: number };
  await createTokensRepo(test.db).insert({
    kind: 'invitation',
    token_hash: newToken().hash,
    email: `${name}-invitee@example.com`,
    role: 'editor',
    language: 'en',
    created_by: id,
    created_at: new Date().toISOString(),
    expires_at: new Date(Date.now() + 3_600_000).toISOString(),
  });
  return id;
}

const busy = async (): Promise<never> => {
  throw new ServiceUnavailableError();
};

/** An enquiry owned by account `id`; answers its id. */
async function enquiryOwnedBy(id: number): Promise<number> {
  const [row] = await test
    .db('contacts')
    .insert({
      name: 'Ana',
      email: 'ana@example.pt',
      message: 'Preciso de um orçamento, obrigado.',
      language: 'pt',
      read: false,
      spam: false,
      created_at: new Date().toISOString(),
      due_at: new Date(Date.now() + 86_400_000).toISOString(),
      assignee_id: id,
    })
    .returning('id');
  return Number(typeof row === 'object' ? row.id : row);
}

/** Gives back the enquiries of an account, as services.ts does (contacts.repo.ts), in `trx`. */
const release = (id: number, trx: Db) => createContactsRepo(trx).releaseOwner(id, trx);

describe('the enquiries of an account that stops handling them', () => {
  // Given back in the change's own transaction: with the change, or not at all.
  it('go back to nobody, recorded, even when ending the sessions of its deactivation fails', async () => {
    const { actions, audit } = recorder();
    const registry = { closeAccount: busy, endAfter: async () => async () => 0 };
    const staff = createStaffService({ db: test.db, registry, audit, enquiriesReleased: release });
    const id = await adminWithInvitation('resting-owner');
    const enquiry = await enquiryOwnedBy(id);
    await expect(staff.update(id, { active: false }, NOBODY)).rejects.toMatchObject({
      status: 503,
    });
    expect(await test.db('contacts').where({ id: enquiry }).first('assignee_id')).toEqual({
      assignee_id: null,
    });
    expect(actions).toEqual([
      'user.deactivated',
      'user.invitation_withdrawn',
      'contact.unassigned',
    ]);
  });

  it('keep their owner when giving them back fails: the new role is refused (503), nothing recorded', async () => {
    const { actions, audit } = recorder();
    const registry = createSessionRegistry({ db: test.db, store, lifetime: LIFETIME });
    const staff = createStaffService({ db: test.db, registry, audit, enquiriesReleased: busy });
    const id = await adminWithInvitation('demoted-admin');
    const enquiry = await enquiryOwnedBy(id);
    await expect(staff.update(id, { role: 'editor' }, NOBODY)).rejects.toMatchObject({
      status: 503,
    });
    expect(await test.db('users').where({ id }).first('role')).toEqual({ role: 'admin' });
    expect(await test.db('contacts').where({ id: enquiry }).first('assignee_id')).toEqual({
      assignee_id: id,
    });
    expect(await test.db('account_tokens').where({ created_by: id })).toHaveLength(1);
    expect(actions).toEqual([]);
  });
});

describe('a change whose follow-up fails', () => {
  // The change has committed; a follow-up (ending sessions) that fails on a
  // busy database answers 503, but the trail still says what was changed.
  it('records a deactivation when ending its sessions fails', async () => {
    const { actions, audit } = recorder();
    const registry = { closeAccount: busy, endAfter: async () => async () => 0 };
    const staff = createStaffService({ db: test.db, registry, audit });
    const id = await adminWithInvitation('resting-admin');
    await expect(staff.update(id, { active: false }, NOBODY)).rejects.toMatchObject({
      status: 503,
    });
    expect(actions).toEqual(['user.deactivated', 'user.invitation_withdrawn']);
  });

  it('records a deletion and the enquiries it gave back when ending its sessions fails', async () => {
    const { actions, audit } = recorder();
    const registry = { closeAccount: async () => 0, endAfter: async () => busy };
    const staff = createStaffService({ db: test.db, registry, audit, enquiriesReleased: release });
    const id = await adminWithInvitation('leaving-admin');
    await enquiryOwnedBy(id);
    await expect(staff.remove(id, NOBODY)).rejects.toMatchObject({ status: 503 });
    expect(await test.db('users').where({ id }).first()).toBeUndefined();
    expect(actions).toEqual(['user.deleted', 'user.invitation_withdrawn', 'contact.unassigned']);
  });
});
