import type request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORES } from '../../../tests/support/stores';
import { MAIL_QUEUED_ONLY, replyTexts, submitEnquiry } from '../../../tests/support/enquiry-races';
import { createAccount, signedIn, type TestApp } from '../../../tests/support/test-app';
import { createContactsRepo } from './contacts.repo';

/**
 * An enquiry answered while a colleague moves or answers it: the reply
 * locks the enquiry first, as the move to spam and the deletion do, so the
 * two come one wholly after the other: a reply to an enquiry that went to
 * spam meanwhile is refused (409), never queued beside the move, and of two
 * replies written from the same thread, the second is refused as one
 * written before a colleague's reply. The real app on
 * SQLite and on PostgreSQL (where a server can be started; SQLite writes one
 * transaction at a time); e-mail is on, nothing is delivered (no worker runs).
 */

describe.each(STORES)('replies and moves at the same moment, on $name', (store) => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signedIn>>;
  let marta: Awaited<ReturnType<typeof signedIn>>;

  beforeAll(async () => {
    if (store.skip) return;
    t = await store.openApp(MAIL_QUEUED_ONLY);
    marta = await signedIn(t.app, await createAccount(t, 'sales', 'marta'));
    admin = await signedIn(t.app);
  });
  afterAll(() => t?.destroy());

  it.skipIf(store.skip)(
    'a reply sent while a colleague moves the enquiry to spam waits for the move, then is refused',
    async () => {
      const id = await submitEnquiry(t);
      // The move to spam as contacts.service.ts makes it: the enquiry locked, then changed;
      // the reply is sent while the move's transaction is open.
      let sending!: Promise<request.Response>;
      await t.db.transaction(async (move) => {
        await createContactsRepo(t.db).lock(move, id);
        await move('contacts').where({ id }).update({ spam: true });
        sending = marta
          .post(`/api/contacts/${id}/replies`)
          .send({ message: 'Olá Ana,\n\nsim.' })
          .then((res) => res);
        await new Promise((resolve) => setTimeout(resolve, 300));
      });
      const res = await sending;
      expect(res.status).toBe(409);
      expect(res.body.error).toBe('Move the enquiry out of the spam folder before replying to it');
      expect(await replyTexts(t, id)).toEqual([]);
      expect(await t.db('mail_outbox').where({ kind: 'reply' }).where({ contact_id: id })).toEqual(
        [],
      );
      const stored = await t.db('contacts').where({ id }).first('replied_at', 'spam');
      expect(stored.replied_at).toBeNull();
    },
  );

  it.skipIf(store.skip)(
    'of two colleagues answering from the same thread at once, one reply goes, the other is refused',
    async () => {
      const id = await submitEnquiry(t);
      const [a, b] = await Promise.all([
        admin.post(`/api/contacts/${id}/replies`).send({ message: 'De mim', seen_replies: 0 }),
        marta
          .post(`/api/contacts/${id}/replies`)
          .send({ message: 'De mim também', seen_replies: 0 }),
      ]);
      expect([a.status, b.status].sort()).toEqual([201, 409]);
      expect(await replyTexts(t, id)).toHaveLength(1);
    },
  );
});
