import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, signedIn, type TestApp } from '../../../tests/support/test-app';

/**
 * Deleting an enquiry takes its mail with it (decision 008), except a reply
 * written to the visitor that has not gone out yet: the admin was told it
 * was sent. No worker runs here, so whatever is queued stays pending.
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
  it('is refused while a reply to the visitor waits to be sent, and nothing is lost', async () => {
    const id = await submit();
    await reply(id);

    const refused = await admin.delete(`/api/contacts/${id}`).expect(409);
    expect(refused.body.error).toBe(
      'A reply to this enquiry is still waiting to be sent. Delete the enquiry once the reply has gone out, so that it is not lost.',
    );
    const german = await admin.delete(`/api/contacts/${id}?lang=de`).expect(409);
    expect(german.body.error).toMatch(
      /^Eine Antwort auf diese Anfrage wartet noch auf den Versand/,
    );
    expect(await t.db('contacts').where({ id }).first('id')).toBeDefined();
    expect(await mailOf(id)).toEqual(['staff-alert', 'auto-reply', 'reply']);
    expect(await t.db('audit_log').where({ action: 'contact.deleted' })).toEqual([]);

    // Gone out (or given up on): the enquiry may go, with all its mail.
    await t.db('mail_outbox').where({ contact_id: id, kind: 'reply' }).update({ status: 'sent' });
    await admin.delete(`/api/contacts/${id}`).expect(200, { data: { id } });
    expect(await mailOf(id)).toEqual([]);
  });

  it('goes ahead with a failed reply, or only an alert and an auto-reply still queued', async () => {
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
