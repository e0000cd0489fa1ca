import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { outboxRows, startMailWorker, until } from '../../../tests/support/mail';
import { startSmtpServer, type TestSmtpServer } from '../../../tests/support/smtp-server';
import {
  createAccount,
  createTestApp,
  signedIn,
  type TestApp,
} from '../../../tests/support/test-app';
import type { MailWorker } from '../mail/mail.worker';

/**
 * Answering and handling an enquiry from the admin, end to end: the real
 * app on SQLite, its outbox and worker, and a real SMTP server. The reply
 * joins the visitor's thread (the auto-reply they received), answers go to
 * the colleague who wrote it, and everything reads top to bottom on the enquiry.
 */
let smtp: TestSmtpServer;
let t: TestApp;
let worker: MailWorker;
let admin: Awaited<ReturnType<typeof signedIn>>;
let sales: Awaited<ReturnType<typeof signedIn>>;
let salesId: number;
let editorId: number;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({
    RATE_LIMIT_CONTACT: '0',
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Forge Industrial <hello@forge.example>',
    PUBLIC_URL: 'https://www.forge.example',
  });
  const account = await createAccount(t, 'sales', 'marta');
  await t.db('users').where({ username: 'marta' }).update({ email: 'marta@forge.example' });
  salesId = (await t.db('users').where({ username: 'marta' }).first('id')).id;
  await createAccount(t, 'editor', 'eddie');
  editorId = (await t.db('users').where({ username: 'eddie' }).first('id')).id;
  admin = await signedIn(t.app);
  sales = await signedIn(t.app, account);
  worker = startMailWorker(t);
});
afterAll(async () => {
  await worker.stop();
  await t.destroy();
  await smtp.close();
});
beforeEach(async () => {
  // What the last test queued goes out first, so that no message of it lands in this one's.
  await until(
    () => outboxRows(t),
    (rows) => rows.every((r) => r.status !== 'pending'),
  );
  await t.db('contacts').delete();
  // Each test's visitors are answered afresh (one auto-reply per address a day: mail.worker.auto-reply-limit.test.ts).
  await t.db('auto_reply_claims').delete();
  smtp.received.length = 0;
});

const german = {
  name: 'Jürgen Weiß',
  email: 'juergen@fabrik.de',
  company: 'Fabrik GmbH',
  message: 'Wir brauchen zwei Schweißroboter für unsere Fertigung.',
  language: 'de',
};
const submit = async (body: object = german) =>
  (await request(t.app).post('/api/contacts').send(body).expect(201)).body.data.id as number;

describe('replying from the enquiry', () => {
  it('sends the reply in the enquiry’s thread, Reply-To the sender, and marks it replied', async () => {
    const id = await submit();
    const [auto] = await smtp.waitFor(1);
    expect(auto!.envelope.to).toEqual(['juergen@fabrik.de']);
    const autoId = auto!.header('message-id')!;

    const template = (await sales.get(`/api/contacts/${id}/reply-template`).expect(200)).body.data;
    expect(template).toEqual({
      greeting: 'Guten Tag Jürgen Weiß,',
      signature: 'Mit freundlichen Grüßen\nmarta\nForge Industrial',
      quote_intro: expect.stringMatching(
        /^Am \d{2}\.\d{2}\.\d{4}, \d{2}:\d{2} \(Westeuropäische Zeit\) schrieb Jürgen Weiß:$/,
      ),
    });
    const message = `${template.greeting}\n\ngerne senden wir Ihnen ein Angebot.\n\n${template.signature}`;
    const sent = await sales.post(`/api/contacts/${id}/replies`).send({ message }).expect(201);
    expect(sent.body.data).toMatchObject({ id, read: true, replied_at: expect.any(String) });
    expect(sent.body.data.thread.map((e: { kind: string }) => e.kind)).toEqual([
      'enquiry',
      'auto_reply',
      'reply',
    ]);

    const [, reply] = await smtp.waitFor(2);
    expect(reply!.envelope.to).toEqual(['juergen@fabrik.de']);
    expect(reply!.header('from')).toBe('Forge Industrial <hello@forge.example>');
    expect(reply!.header('reply-to')).toBe('marta <marta@forge.example>');
    expect(reply!.header('in-reply-to')).toBe(autoId);
    expect(reply!.header('references')).toBe(autoId);
    expect(reply!.subject).toBe(`Re: ${auto!.subject}`);
    expect(reply!.header('auto-submitted')).toBeUndefined();
    expect(reply!.text).toContain('Guten Tag Jürgen Weiß,\n\ngerne senden wir Ihnen ein Angebot.');
    expect(reply!.text).toContain('> Wir brauchen zwei Schweißroboter für unsere Fertigung.');
    expect(reply!.html).toContain('<html lang="de">');

    // Delivered: the thread says so, oldest first, with who wrote the reply.
    await until(
      () => sales.get(`/api/contacts/${id}`).expect(200),
      (res) => res.body.data.thread[2].status === 'sent',
    );
    const { thread } = (await sales.get(`/api/contacts/${id}`).expect(200)).body.data;
    expect(thread).toMatchObject([
      { kind: 'enquiry', by: null, text: german.message },
      { kind: 'auto_reply', by: null, status: 'sent' },
      { kind: 'reply', by: 'marta', text: message, status: 'sent' },
    ]);
    expect(thread[1].text).toContain('Guten Tag Jürgen Weiß,');
    expect(thread[1].text).not.toContain('-- ');
    const stored = await t.db('mail_outbox').where({ kind: 'auto-reply' }).first('message_id');
    expect(stored.message_id).toBe(autoId);

    const audit = await t.db('audit_log').where({ action: 'contact.reply_sent' });
    expect(audit).toMatchObject([
      { actor: 'marta', target_type: 'contact', target_id: String(id) },
    ]);
    expect(audit[0].summary).toBe('');
  });

  it('signs with the sender’s display name and gives it to Reply-To and the assignment notice; without one, the username', async () => {
    await createAccount(t, 'sales', 'rui');
    await t.db('users').where({ username: 'rui' }).update({ email: 'rui@forge.example' });
    const ruiId = (await t.db('users').where({ username: 'rui' }).first('id')).id;
    const id = await submit();
    await smtp.waitFor(1);
    // Set on the account page: no current password needed for a display name.
    await sales.put('/api/auth/profile').send({ name: ' Marta Simões ' }).expect(200);
    try {
      const template = (await sales.get(`/api/contacts/${id}/reply-template`).expect(200)).body
        .data;
      expect(template.signature).toBe('Mit freundlichen Grüßen\nMarta Simões\nForge Industrial');
      const message = `${template.greeting}\n\nanbei unser Angebot.\n\n${template.signature}`;
      await sales.post(`/api/contacts/${id}/replies`).send({ message }).expect(201);
      const [, reply] = await smtp.waitFor(2);
      expect(reply!.header('reply-to')).toBe('Marta Simões <marta@forge.example>');
      expect(reply!.text).toContain(
        'anbei unser Angebot.\n\nMit freundlichen Grüßen\nMarta Simões\nForge Industrial',
      );
      expect(reply!.html).toContain('Marta Simões');
      // The thread names her as the admin shows people; `by` stays the username.
      const { thread } = (await sales.get(`/api/contacts/${id}`).expect(200)).body.data;
      expect(thread.at(-1)).toMatchObject({ kind: 'reply', by: 'marta', by_name: 'Marta Simões' });
      expect(thread[0]).toMatchObject({ kind: 'enquiry', by: null, by_name: null });

      await sales.put(`/api/contacts/${id}/assignee`).send({ user_id: ruiId }).expect(200);
      const [notice] = (await smtp.waitFor(3)).slice(2);
      expect(notice!.envelope.to).toEqual(['rui@forge.example']);
      expect(notice!.text).toContain('Marta Simões has assigned you the enquiry from Jürgen Weiß');
    } finally {
      await sales.put('/api/auth/profile').send({ name: '' }).expect(200);
    }

    // Without a name, the username signs and names the Reply-To, as before.
    const template = (await sales.get(`/api/contacts/${id}/reply-template`).expect(200)).body.data;
    expect(template.signature).toBe('Mit freundlichen Grüßen\nmarta\nForge Industrial');
    const message = `${template.greeting}\n\nnoch eine Frage.\n\n${template.signature}`;
    await sales.post(`/api/contacts/${id}/replies`).send({ message }).expect(201);
    const [again] = (await smtp.waitFor(4)).slice(3);
    expect(again!.header('reply-to')).toBe('marta <marta@forge.example>');
    expect(again!.text).toContain('noch eine Frage.\n\nMit freundlichen Grüßen\nmarta\nForge');
    const { thread } = (await sales.get(`/api/contacts/${id}`).expect(200)).body.data;
    expect(thread.at(-1)).toMatchObject({ by: 'marta', by_name: null });
    // Out of the staff list and the trail of assignments the owners' tests expect.
    await sales.put(`/api/contacts/${id}/assignee`).send({ user_id: null }).expect(200);
    await t.db('users').where({ id: ruiId }).delete();
    await t
      .db('audit_log')
      .where({ target_type: 'contact', target_id: String(id) })
      .delete();
  });

  it('without an auto-reply, starts the thread itself; without the sender’s e-mail, Reply-To the team', async () => {
    await admin.put('/api/settings').send({ reply_to_email: 'team@forge.example' }).expect(200);
    try {
      const id = await submit({ ...german, email: 'juergen@fabrik.de' });
      // The auto-reply went out; then it is taken for one the mail server refused.
      await until(
        () => outboxRows(t),
        (rows) => rows.some((r) => r.kind === 'auto-reply' && r.status === 'sent'),
      );
      await t.db('mail_outbox').where({ kind: 'auto-reply' }).update({ status: 'failed' });
      await admin
        .post(`/api/contacts/${id}/replies`)
        .send({ message: 'Guten Tag,\n\ndanke.' })
        .expect(201);
      const [, reply] = await smtp.waitFor(2);
      expect(reply!.header('in-reply-to')).toBeUndefined();
      expect(reply!.subject).toBe('Re: Ihre Anfrage an Forge Industrial');
      expect(reply!.header('reply-to')).toBe('Forge Industrial <team@forge.example>');
    } finally {
      await t.db('settings').delete();
    }
  });

  it('keeps the first reply time, refuses empty replies and spam, and 404s an unknown enquiry', async () => {
    const id = await submit();
    const first = (
      await sales.post(`/api/contacts/${id}/replies`).send({ message: 'Eins' }).expect(201)
    ).body.data.replied_at;
    const second = await sales
      .post(`/api/contacts/${id}/replies`)
      .send({ message: 'Zwei' })
      .expect(201);
    expect(second.body.data.replied_at).toBe(first);
    const empty = await sales
      .post(`/api/contacts/${id}/replies`)
      .send({ message: '  ' })
      .expect(400);
    expect(empty.body.details).toEqual({ message: 'Write the reply before sending it' });
    const long = await sales
      .post(`/api/contacts/${id}/replies?lang=pt`)
      .send({ message: 'x'.repeat(10_001) })
      .expect(400);
    expect(long.body.details.message).toMatch(/10 000/);
    await sales.put(`/api/contacts/${id}/spam`).send({ spam: true }).expect(200);
    const spam = await sales
      .post(`/api/contacts/${id}/replies`)
      .send({ message: 'Drei' })
      .expect(409);
    expect(spam.body.error).toMatch(/spam folder/);
    await sales.post('/api/contacts/99999/replies').send({ message: 'Vier' }).expect(404);
  });

  it('refuses the editor’s starting text alone: a greeting and a signature say nothing', async () => {
    const id = await submit();
    const template = (await sales.get(`/api/contacts/${id}/reply-template`).expect(200)).body.data;
    for (const message of [
      `${template.greeting}\n\n\n\n${template.signature}`,
      `  ${template.greeting}\n \n${template.signature}\n`,
    ]) {
      const refused = await sales.post(`/api/contacts/${id}/replies`).send({ message }).expect(400);
      expect(refused.body.details).toEqual({
        message: 'Write your answer between the greeting and the signature before sending it.',
      });
    }
    const detail = (await sales.get(`/api/contacts/${id}`).expect(200)).body.data;
    expect(detail.replied_at).toBeNull();
    await sales
      .post(`/api/contacts/${id}/replies`)
      .send({ message: `${template.greeting}\n\nYes, we can.\n\n${template.signature}` })
      .expect(201);
  });

  it('is for admin and sales only', async () => {
    const id = await submit();
    const editor = await signedIn(t.app, { username: 'eddie', password: 'editor-password-1' });
    for (const call of [
      editor.get(`/api/contacts/${id}`),
      editor.post(`/api/contacts/${id}/replies`).send({ message: 'Hallo' }),
      editor.post(`/api/contacts/${id}/notes`).send({ text: 'Hallo' }),
      editor.put(`/api/contacts/${id}/assignee`).send({ user_id: null }),
      editor.get(`/api/contacts/${id}/reply-template`),
    ])
      expect((await call.expect(403)).body.error).toBe('Access denied. Admin privileges required.');
    await request(t.app).post(`/api/contacts/${id}/notes`).send({ text: 'x' }).expect(401);
  });
});

describe('owners and notes', () => {
  it('assigns from the staff list, e-mails the new owner, and lists "mine"', async () => {
    const id = await submit();
    const other = await submit({ ...german, name: 'Anna Berg', email: 'anna@berg.de' });
    await smtp.waitFor(2);
    smtp.received.length = 0;

    const given = await admin
      .put(`/api/contacts/${id}/assignee`)
      .send({ user_id: salesId })
      .expect(200);
    expect(given.body.data.assignee).toEqual({ id: salesId, username: 'marta', name: null });
    const [notice] = await smtp.waitFor(1);
    expect(notice!.envelope.to).toEqual(['marta@forge.example']);
    expect(notice!.subject).toBe('Enquiry assigned to you: Jürgen Weiß (Fabrik GmbH)');
    expect(notice!.text).toContain('test-admin has assigned you the enquiry from Jürgen Weiß');
    expect(notice!.text).toContain(`https://www.forge.example/admin?tab=contacts&contact=${id}`);

    const mine = await sales.get('/api/contacts?assignee=me').expect(200);
    expect(mine.body.data.map((c: { id: number }) => c.id)).toEqual([id]);
    expect(mine.body.data[0].assignee).toEqual({ id: salesId, username: 'marta', name: null });
    const nobody = await sales.get('/api/contacts?assignee=none').expect(200);
    expect(nobody.body.data.map((c: { id: number }) => c.id)).toEqual([other]);
    expect((await admin.get('/api/contacts?assignee=me').expect(200)).body.data).toEqual([]);

    // Taking one's own enquiry sends nobody an e-mail; giving it back to nobody neither.
    await sales.put(`/api/contacts/${other}/assignee`).send({ user_id: salesId }).expect(200);
    await admin.put(`/api/contacts/${id}/assignee`).send({ user_id: null }).expect(200);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.received).toHaveLength(1);
    const actions = await t
      .db('audit_log')
      .whereIn('action', ['contact.assigned', 'contact.unassigned'])
      .orderBy('id');
    expect(actions.map((a) => [a.actor, a.action, a.summary])).toEqual([
      ['test-admin', 'contact.assigned', 'marta'],
      ['marta', 'contact.assigned', 'marta'],
      ['test-admin', 'contact.unassigned', ''],
    ]);
  });

  it('refuses an owner outside the staff list', async () => {
    const id = await submit();
    const visitor = await createAccount(t, 'user', 'visitor');
    const visitorId = (await t.db('users').where({ username: visitor.username }).first('id')).id;
    for (const user_id of [visitorId, 99999, 'marta', 0]) {
      const res = await admin.put(`/api/contacts/${id}/assignee`).send({ user_id }).expect(400);
      expect(res.body.details).toEqual({
        user_id: 'Choose a colleague from the staff list, or nobody',
      });
    }
    await admin.put(`/api/contacts/${id}/assignee`).send({}).expect(400);
    // An editor may not read enquiries: it is neither offered nor given one (nor e-mailed its text).
    await admin.put(`/api/contacts/${id}/assignee`).send({ user_id: editorId }).expect(400);
    const offered = (await sales.get('/api/users/staff').expect(200)).body.data;
    expect(offered.map((s: { username: string }) => s.username)).toEqual(['marta', 'test-admin']);
  });

  it('gives back the enquiries of a colleague who no longer handles them', async () => {
    const id = await submit();
    const other = await submit({ ...german, name: 'Anna Berg', email: 'anna@berg.de' });
    await createAccount(t, 'sales', 'moving-sales');
    const movingId = (await t.db('users').where({ username: 'moving-sales' }).first('id')).id;
    await admin.put(`/api/contacts/${id}/assignee`).send({ user_id: movingId }).expect(200);
    await admin.put(`/api/contacts/${other}/assignee`).send({ user_id: salesId }).expect(200);
    const ownerOf = async (contact: number) =>
      (await admin.get(`/api/contacts/${contact}`).expect(200)).body.data.assignee;

    // Another staff role that handles enquiries keeps them.
    await admin.put(`/api/users/${movingId}`).send({ role: 'admin' }).expect(200);
    expect(await ownerOf(id)).toEqual({ id: movingId, username: 'moving-sales', name: null });
    // Moved to the editors: the enquiry is nobody's, and so are its reminders.
    await admin.put(`/api/users/${movingId}`).send({ role: 'editor' }).expect(200);
    expect(await ownerOf(id)).toBeNull();
    expect(await ownerOf(other)).toEqual({ id: salesId, username: 'marta', name: null });

    // Deactivated: the same.
    await admin.put(`/api/users/${movingId}`).send({ role: 'sales' }).expect(200);
    await admin.put(`/api/contacts/${id}/assignee`).send({ user_id: movingId }).expect(200);
    await admin.put(`/api/users/${movingId}`).send({ active: false }).expect(200);
    expect(await ownerOf(id)).toBeNull();
    await t.db('users').where({ id: movingId }).delete();
  });

  it('keeps internal notes with author and time in the thread, never e-mailed', async () => {
    const id = await submit();
    await smtp.waitFor(1);
    const noted = await sales
      .post(`/api/contacts/${id}/notes`)
      .send({ text: 'Kunde aus Köln, Rückruf am Montag.' })
      .expect(201);
    const note = noted.body.data.thread.at(-1);
    expect(note).toEqual({
      kind: 'note',
      at: expect.stringMatching(/Z$/),
      by: 'marta',
      by_name: null,
      text: 'Kunde aus Köln, Rückruf am Montag.',
    });
    const bad = await sales.post(`/api/contacts/${id}/notes`).send({ text: '' }).expect(400);
    expect(bad.body.details).toEqual({ text: 'Write the note before adding it' });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(smtp.received).toHaveLength(1);
    expect((await outboxRows(t)).map((r) => r.kind)).toEqual(['auto-reply']);
    const [entry] = await t.db('audit_log').where({ action: 'contact.note_added' });
    expect(entry).toMatchObject({ actor: 'marta', target_id: String(id), summary: '' });
  });
});

describe('with e-mail off', () => {
  it('answers 503 to a reply and sends nothing, while notes and owners still work', async () => {
    const off = await createTestApp({ RATE_LIMIT_CONTACT: '0' });
    try {
      const agent = await signedIn(off.app);
      const id = (await request(off.app).post('/api/contacts').send(german).expect(201)).body.data
        .id;
      const res = await agent
        .post(`/api/contacts/${id}/replies`)
        .send({ message: 'Hallo' })
        .expect(503);
      expect(res.body.error).toMatch(/SMTP_URL/);
      expect(await off.db('contact_thread').count({ n: '*' }).first()).toMatchObject({ n: 0 });
      expect((await agent.get(`/api/contacts/${id}`).expect(200)).body.data.replied_at).toBeNull();
      await agent.post(`/api/contacts/${id}/notes`).send({ text: 'Ruft zurück' }).expect(201);
    } finally {
      await off.destroy();
    }
  });
});
