import type request from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { STORES } from '../../../tests/support/stores';
import {
  forAWhile,
  MAIL_QUEUED_ONLY,
  OWNERSHIP_TAKEN_AWAY,
  salesColleague,
  submitEnquiry,
  type Admin,
} from '../../../tests/support/enquiry-races';
import { signedIn, type TestApp } from '../../../tests/support/test-app';
import type * as ThreadRepo from './contact-thread.repo';

/**
 * A hook run once the enquiry service has read account `id` (an
 * assignment checking its new owner), before it goes on.
 */
const hooks = vi.hoisted(() => ({
  ownerRead: null as null | { id: number; run: () => Promise<void> },
}));

vi.mock('./contact-thread.repo', async (importOriginal) => {
  const actual = await importOriginal<typeof ThreadRepo>();
  return {
    ...actual,
    createContactThreadRepo: (...args: Parameters<typeof actual.createContactThreadRepo>) => {
      const repo = actual.createContactThreadRepo(...args);
      const account = repo.account.bind(repo);
      repo.account = async (id, ...rest) => {
        const found = await account(id, ...rest);
        const hook = hooks.ownerRead;
        if (hook?.id === id) {
          hooks.ownerRead = null;
          await hook.run();
        }
        return found;
      };
      return repo;
    },
  };
});

/**
 * An enquiry given to a colleague while an admin takes their right to
 * own it away (another role, deactivated, deleted): the assignment has
 * read its new owner when the change comes. The two come one wholly after
 * the other: the assignment checks and writes in one transaction (the
 * owner's row locked on PostgreSQL; SQLite writes one transaction at a
 * time), and the change, waiting for it, gives the enquiry back to nobody.
 * The enquiry never stays with someone who may no longer read it. The
 * other order: ../auth/staff.service.assignments.test.ts. The real app on SQLite
 * and on PostgreSQL (where a server can be started); e-mail is on, nothing
 * is delivered (no worker runs).
 */
describe.each(STORES)('an assignment crossing a change of its owner, on $name', (store) => {
  let t: TestApp;
  let admin: Admin;

  beforeAll(async () => {
    if (store.skip) return;
    t = await store.openApp(MAIL_QUEUED_ONLY);
    admin = await signedIn(t.app);
  });
  afterAll(async () => {
    hooks.ownerRead = null;
    await t?.destroy();
  });

  it.skipIf(store.skip).each(OWNERSHIP_TAKEN_AWAY)(
    'given the enquiry, then $name: the enquiry goes back to nobody',
    async ({ make }) => {
      const username = `owner-${Math.random().toString(36).slice(2, 8)}`;
      const owner = await salesColleague(t, username);
      const id = await submitEnquiry(t);
      let changing: Promise<request.Response> | undefined;
      // The assignment has read its new owner (a sales colleague); the change comes now and
      // goes as far as it can in a second (it finishes, or waits for the assignment).
      hooks.ownerRead = {
        id: owner,
        run: async () => {
          changing = make(admin, owner).then((res) => res);
          await forAWhile(changing);
        },
      };
      const given = await admin.put(`/api/contacts/${id}/assignee`).send({ user_id: owner });
      const changed = await changing!;

      expect(given.status).toBe(200);
      expect(changed.status).toBe(200);
      const stored = await t.db('contacts').where({ id }).first('assignee_id');
      expect(stored.assignee_id).toBeNull();
      const nobody = await admin.get('/api/contacts?assignee=none').expect(200);
      expect(nobody.body.data.map((c: { id: number }) => c.id)).toContain(id);
      // The notice was queued with the assignment, while the colleague could own it.
      const notices = await t.db('mail_outbox').where({ kind: 'assigned', contact_id: id });
      expect(notices.map((n: { recipient: string }) => n.recipient)).toEqual([
        `${username}@forge.example`,
      ]);
    },
  );
});
