import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORES } from '../../../tests/support/stores';
import {
  OWNERSHIP_TAKEN_AWAY,
  salesColleague,
  submitEnquiry,
  type Admin,
} from '../../../tests/support/enquiry-races';
import { signedIn, TEST_ADMIN, type TestApp } from '../../../tests/support/test-app';

/**
 * A colleague taken off enquiries (another role, deactivated, deleted)
 * gives back the enquiries they owned in the change's transaction, and
 * nothing of it is silent: the list says beforehand how many open ones
 * they hold, the answer how many went back, and the audit log has a
 * `contact.unassigned` entry per enquiry under the admin who made the
 * change, saying why. On SQLite and PostgreSQL, through the API.
 */
describe.each(STORES)('enquiries given back by a colleague’s change, on $name', (store) => {
  let t: TestApp;
  let admin: Admin;

  beforeAll(async () => {
    if (store.skip) return;
    t = await store.openApp({ RATE_LIMIT_CONTACT: '0' });
    admin = await signedIn(t.app);
  });
  afterAll(async () => {
    await t?.destroy();
  });

  /** Three enquiries given to `owner` through the inbox, one of them answered, and one in spam. */
  async function holding(owner: number) {
    const ids = [];
    for (let i = 0; i < 4; i++) {
      const id = await submitEnquiry(t);
      await admin.put(`/api/contacts/${id}/assignee`).send({ user_id: owner }).expect(200);
      ids.push(id);
    }
    await t.db('contacts').where({ id: ids[2] }).update({ replied_at: new Date().toISOString() });
    await t.db('contacts').where({ id: ids[3] }).update({ spam: true });
    return ids;
  }

  const openOf = async (owner: number) =>
    ((await admin.get('/api/users').expect(200)).body.data as { id: number }[]).find(
      (u) => u.id === owner,
    );

  /** The latest audit entry about each enquiry, in the order of `ids`. */
  const lastEntries = (ids: number[]) =>
    Promise.all(
      ids.map((id) =>
        t
          .db('audit_log')
          .where({ target_type: 'contact', target_id: String(id) })
          .orderBy('id', 'desc')
          .first('action', 'actor', 'summary'),
      ),
    );

  const WHY: Record<string, string> = {
    'made an editor': 'role changed to editor',
    deactivated: 'deactivated',
    deleted: 'deleted',
  };

  it.skipIf(store.skip).each(OWNERSHIP_TAKEN_AWAY)(
    '$name: the list counts the open ones first; each is recorded as unassigned, and counted',
    async ({ name, make }) => {
      const username = `bob-${name.replace(/\W/g, '-')}`;
      const owner = await salesColleague(t, username);
      const ids = await holding(owner);
      expect(await openOf(owner)).toMatchObject({ open_enquiries: 2 });

      const res = await make(admin, owner).expect(200);

      expect(res.body.data.open_enquiries_released).toBe(2);
      expect(await t.db('contacts').whereIn('id', ids).whereNotNull('assignee_id')).toEqual([]);
      const unassigned = {
        action: 'contact.unassigned',
        actor: TEST_ADMIN.username,
        summary: `from ${username}, ${WHY[name]}`,
      };
      // Answered and spam ones go back too, and are recorded alike.
      expect(await lastEntries(ids)).toEqual(ids.map(() => unassigned));
    },
  );

  it.skipIf(store.skip)(
    'gives back and records nothing for a role that keeps enquiries',
    async () => {
      const owner = await salesColleague(t, 'promoted-sales');
      const ids = await holding(owner);
      const res = await admin.put(`/api/users/${owner}`).send({ role: 'admin' }).expect(200);
      expect(res.body.data).toMatchObject({ role: 'admin', open_enquiries_released: 0 });
      expect(await openOf(owner)).toMatchObject({ open_enquiries: 2 });
      expect((await lastEntries(ids)).map((e) => e.action)).toEqual(
        ids.map(() => 'contact.assigned'),
      );
    },
  );

  it.skipIf(store.skip)('counts no enquiries for a colleague who holds none', async () => {
    const owner = await salesColleague(t, 'idle-sales');
    expect(await openOf(owner)).toMatchObject({ open_enquiries: 0 });
    const res = await admin.delete(`/api/users/${owner}`).expect(200);
    expect(res.body.data).toEqual({ id: owner, open_enquiries_released: 0 });
  });
});
