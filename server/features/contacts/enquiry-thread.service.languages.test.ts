import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startMailingApp, type MailingApp } from '../../../tests/support/mail';
import type { TestSmtpServer } from '../../../tests/support/smtp-server';
import { createAccount, signedIn, type TestApp } from '../../../tests/support/test-app';

/**
 * The notice of an enquiry given to a colleague reaches them in the
 * language of their account, whatever the language of the admin who gave
 * it; an account that chose none gets it in the staff's language, English,
 * as before. The real app on SQLite, its worker and a real SMTP server.
 */
let mailing: MailingApp;
let smtp: TestSmtpServer;
let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;

/** A sales colleague with a confirmed address and the given language; answers the account's id. */
async function colleague(username: string, language: 'pt' | 'de' | null): Promise<number> {
  await createAccount(t, 'sales', username);
  await t
    .db('users')
    .where({ username })
    .update({ email: `${username}@forge.example`, language });
  return (await t.db('users').where({ username }).first('id')).id;
}

beforeAll(async () => {
  mailing = await startMailingApp({ RATE_LIMIT_CONTACT: '0', AUTO_REPLY: 'false' });
  ({ t, smtp } = mailing);
  admin = await signedIn(t.app);
});
afterAll(async () => {
  await mailing.stop();
});
beforeEach(() => {
  smtp.received.length = 0;
});

const enquiry = async () =>
  (
    await request(t.app)
      .post('/api/contacts')
      .send({
        name: 'Jürgen Weiß',
        email: 'juergen@fabrik.de',
        company: 'Fabrik GmbH',
        message: 'Wir brauchen zwei Schweißroboter für unsere Fertigung.',
        language: 'de',
      })
      .expect(201)
  ).body.data.id as number;

describe('the notice of an assigned enquiry', () => {
  it('is in the assignee’s language (pt) when the admin who assigns reads English', async () => {
    const joana = await colleague('joana', 'pt');
    const id = await enquiry();
    await admin.put(`/api/contacts/${id}/assignee?lang=en`).send({ user_id: joana }).expect(200);

    const [notice] = await smtp.waitFor(1);
    expect(notice!.envelope.to).toEqual(['joana@forge.example']);
    expect(notice!.subject).toBe('Pedido de contacto atribuído a si: Jürgen Weiß (Fabrik GmbH)');
    expect(notice!.text).toContain(
      'test-admin atribuiu-lhe o pedido de contacto de Jürgen Weiß (Fabrik GmbH).',
    );
    expect(notice!.text).toMatch(
      /A resposta deve ser enviada até \d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}/,
    );
    expect(notice!.html).toContain('<html lang="pt">');
    const row = await t.db('mail_outbox').where({ kind: 'assigned' }).first('language');
    expect(row.language).toBe('pt');
  });

  it('is in English for an account that chose no language, whatever the admin reads', async () => {
    const rui = await colleague('rui', null);
    const id = await enquiry();
    await admin
      .put(`/api/contacts/${id}/assignee?lang=de`)
      .set('Cookie', 'language=de')
      .send({ user_id: rui })
      .expect(200);

    const [notice] = await smtp.waitFor(1);
    expect(notice!.envelope.to).toEqual(['rui@forge.example']);
    expect(notice!.subject).toBe('Enquiry assigned to you: Jürgen Weiß (Fabrik GmbH)');
    expect(notice!.text).toContain('test-admin has assigned you the enquiry from Jürgen Weiß');
    expect(notice!.html).toContain('<html lang="en">');
  });
});
