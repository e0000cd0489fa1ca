import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, signedIn, type TestApp } from '../../../tests/support/test-app';

/**
 * Deleting an enquiry takes its mail with it (decision 008), except a reply
 * written to the visitor that has not gone out yet: the admin was told it
 * was sent, so it stays in the outbox and goes out. No worker runs here, so
 * whatever is queued stays pending.
 */
let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;

beforeAll(async () => {
  t = await createTestApp({
    RATE_LIMIT_CONTACT: '0',
    SMTP_URL: 'smtp://127.0.0.1:2525',
    MAIL_FROM: 'Forge Industrial <hello@forge.example>',
    NOTIFY_EMAIL: 'sales@forge.example',
  });
  admin = await signedIn(t.app);
});
afterAll(() => t.destroy());
beforeEach(async () => {
  await t.db('mail_outbox').delete();
  await t.db('contacts').delete();
  await t.db('auto_reply_claims').delete();
});

const submit = async () =>
  (
    await request(t.app)
      .post('/api/contacts')
      .send({
        name: 'Jürgen Weiß',
        email: 'juergen@fabrik.de',
        message: 'Wir brauchen zwei Schweißroboter für unsere Fertigung.',
        language: 'de',
      })
      .expect(201)
  ).body.data.id as number;

const reply = (id: number) =>
  admin
    .post(`/api/contacts/${id}/replies`)
    .send({ message: 'Guten Tag,\n\ngerne senden wir Ihnen ein Angebot.\n\nmarta' })
    .expect(201);

const mailOf = (id: number) =>
  t.db('mail_outbox').where({ contact_id: id }).orderBy('id').pluck('kind');

describe('DELETE /api/contacts/{id}', () => {
  it('keeps a reply to the visitor that waits to be sent, to go out without the enquiry', async () => {
    const id = await submit();
    await reply(id);

    await admin.delete(`/api/contacts/${id}`).expect(200, { data: { id } });
    expect(await t.db('contacts').where({ id }).first('id')).toBeUndefined();
    expect(await mailOf(id)).toEqual([]);
    const kept = await t.db('mail_outbox').where({ kind: 'reply' });
    expect(kept).toHaveLength(1);
    expect(kept[0]).toMatchObject({
      contact_id: null,
      status: 'pending',
      recipient: 'juergen@fabrik.de',
    });
    expect(JSON.parse(kept[0].content).text).toContain('gerne senden wir Ihnen ein Angebot');
    expect(await t.db('audit_log').where({ action: 'contact.deleted' })).toHaveLength(1);
  });

  it('takes a failed reply with it, and an alert and an auto-reply still queued', async () => {
    const waiting = await submit();
    await admin.delete(`/api/contacts/${waiting}`).expect(200, { data: { id: waiting } });

    await t.db('auto_reply_claims').delete();
    const failed = await submit();
    await reply(failed);
    await t.db('mail_outbox').where({ contact_id: failed, kind: 'reply' }).update({
      status: 'failed',
    });
    await admin.delete(`/api/contacts/${failed}`).expect(200, { data: { id: failed } });
    expect(await t.db('mail_outbox').count({ n: '*' }).first()).toMatchObject({ n: 0 });
  });

  it('still answers 404 for an enquiry that is not there', async () => {
    await admin.delete('/api/contacts/999999').expect(404);
  });
});
