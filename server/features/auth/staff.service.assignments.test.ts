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
import type * as Users from './users.repo';

/**
 * A hook run once account `id` has been changed or deleted (in the
 * change's transaction, before what follows it there), before it goes on.
 */
const hooks = vi.hoisted(() => ({
  accountWritten: null as null | { id: number; run: () => Promise<void> },
}));

vi.mock('./users.repo', async (importOriginal) => {
  const actual = await importOriginal<typeof Users>();
  return {
    ...actual,
    createUsersRepo: (...args: Parameters<typeof actual.createUsersRepo>) => {
      const repo = actual.createUsersRepo(...args);
      const after =
        <A extends unknown[], R>(write: (id: number, ...rest: A) => Promise<R>) =>
        async (id: number, ...rest: A): Promise<R> => {
          const result = await write(id, ...rest);
          const hook = hooks.accountWritten;
          if (hook?.id === id) {
            hooks.accountWritten = null;
            await hook.run();
          }
          return result;
        };
      repo.update = after(repo.update.bind(repo));
      repo.remove = after(repo.remove.bind(repo));
      return repo;
    },
  };
});

/**
 * An admin takes a colleague's right to own enquiries away (another role,
 * deactivated, deleted) while another gives them an enquiry: the change
 * has been written when the assignment comes. The two come one wholly
 * after the other: the assignment waits for the change's transaction
 * (the colleague's row locked on PostgreSQL; SQLite writes one transaction
 * at a time), then reads the account as the change left it and is
 * refused; no notice is queued. The other order:
 * enquiry-thread.service.assign-races.test.ts. The real app on SQLite and
 * on PostgreSQL (where a server can be started); e-mail is on, nothing is
 * delivered (no worker runs).
 */
describe.each(STORES)('a change of an account crossing an assignment, on $name', (store) => {
  let t: TestApp;
  let admin: Admin;

  beforeAll(async () => {
    if (store.skip) return;
    t = await store.openApp(MAIL_QUEUED_ONLY);
    admin = await signedIn(t.app);
  });
  afterAll(async () => {
    hooks.accountWritten = null;
    await t?.destroy();
  });

  it.skipIf(store.skip).each(OWNERSHIP_TAKEN_AWAY)(
    '$name, then given an enquiry: the assignment is refused and nothing is sent',
    async ({ make }) => {
      const owner = await salesColleague(t, `owner-${Math.random().toString(36).slice(2, 8)}`);
      const id = await submitEnquiry(t);
      let giving: Promise<request.Response> | undefined;
      // The change has been written; the assignment comes now and goes as far as it can in a
      // second (it finishes, or waits for the change).
      hooks.accountWritten = {
        id: owner,
        run: async () => {
          giving = admin
            .put(`/api/contacts/${id}/assignee`)
            .send({ user_id: owner })
            .then((res) => res);
          await forAWhile(giving);
        },
      };
      const changed = await make(admin, owner);
      const given = await giving!;

      expect(changed.status).toBe(200);
      expect(given.status).toBe(400);
      expect(given.body.details).toEqual({
        user_id: 'Choose a colleague from the staff list, or nobody',
      });
      const stored = await t.db('contacts').where({ id }).first('assignee_id');
      expect(stored.assignee_id).toBeNull();
      expect(await t.db('mail_outbox').where({ kind: 'assigned', contact_id: id })).toEqual([]);
    },
  );
});
