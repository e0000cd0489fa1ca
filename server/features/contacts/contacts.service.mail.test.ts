import { beforeEach, describe, expect, it } from 'vitest';
import { emptiedMailStore, mailServicesOn } from '../../../tests/support/mail-services';

/**
 * Which e-mail an enquiry queues, read as a specification: the service and
 * the mail service as app.ts wires them, on a real SQLite file (the worker
 * that sends is tested against a real SMTP server in features/mail).
 */
const store = emptiedMailStore();
let now = new Date('2026-11-20T12:00:00.000Z');
const clock = () => now;
const HOUR = 60 * 60 * 1000;

/** The enquiries' service, alerting two addresses unless `env` says otherwise. */
const services = (env: Record<string, string> = {}) =>
  mailServicesOn(store, {
    clock,
    env: { NOTIFY_EMAIL: 'sales@forge.example, ops@forge.example', ...env },
  }).contacts;

beforeEach(() => {
  now = new Date('2026-11-20T12:00:00.000Z');
});

const enquiry = {
  name: 'Ana Silva',
  email: 'ana@example.pt',
  company: 'Metalurgia Norte',
  message: 'Gostaríamos de automatizar a nossa linha de soldadura.',
  language: 'pt',
};
const outbox = () =>
  store
    .db('mail_outbox')
    .orderBy('id')
    .select('kind', 'recipient', 'language', 'status', 'contact_id');

describe('an enquiry queues its e-mail with it', () => {
  it('a staff alert per NOTIFY_EMAIL address and the auto-reply in the visitor language', async () => {
    const { id } = await services().submit(enquiry);
    expect(await outbox()).toEqual([
      {
        kind: 'staff-alert',
        recipient: 'sales@forge.example',
        language: 'en',
        status: 'pending',
        contact_id: id,
      },
      {
        kind: 'staff-alert',
        recipient: 'ops@forge.example',
        language: 'en',
        status: 'pending',
        contact_id: id,
      },
      {
        kind: 'auto-reply',
        recipient: 'ana@example.pt',
        language: 'pt',
        status: 'pending',
        contact_id: id,
      },
    ]);
  });

  it('no auto-reply with AUTO_REPLY=false, no alert without NOTIFY_EMAIL', async () => {
    await services({ AUTO_REPLY: 'false' }).submit(enquiry);
    expect((await outbox()).map((r) => r.kind)).toEqual(['staff-alert', 'staff-alert']);
    await store.db('mail_outbox').delete();
    await services({ NOTIFY_EMAIL: '' }).submit(enquiry);
    expect((await outbox()).map((r) => r.kind)).toEqual(['auto-reply']);
  });

  it('alerts the list of the enquiry’s language too, each address once', async () => {
    const setting = (key: string, value: unknown) => ({
      key,
      value: JSON.stringify(value),
      updated_at: now.toISOString(),
    });
    await store
      .db('settings')
      .insert([
        setting('alert_emails_de', ['kollegin@forge.example', 'SALES@forge.example']),
        setting('alert_emails_pt', ['colega@forge.example']),
      ]);
    await services().submit({ ...enquiry, language: 'de' });
    expect(
      (await outbox()).filter((r) => r.kind === 'staff-alert').map((r) => r.recipient),
    ).toEqual(['sales@forge.example', 'ops@forge.example', 'kollegin@forge.example']);
    await store.db('mail_outbox').delete();
    // (A new day for ana@example.pt's auto-reply.)
    await store.db('auto_reply_claims').delete();
    // Without NOTIFY_EMAIL, the list of the language alone.
    await services({ NOTIFY_EMAIL: '' }).submit(enquiry);
    expect((await outbox()).map((r) => [r.kind, r.recipient])).toEqual([
      ['staff-alert', 'colega@forge.example'],
      ['auto-reply', 'ana@example.pt'],
    ]);
  });

  it('nothing for a bot (honeypot) or an invalid enquiry, and nothing for spam', async () => {
    const contacts = services();
    await contacts.submit({ ...enquiry, extra_comment: 'http://bot.example' });
    await expect(contacts.submit({ ...enquiry, email: 'nope' })).rejects.toMatchObject({
      status: 400,
    });
    const spam = await contacts.submit({
      ...enquiry,
      message: '<a href="http://x.example">cheap</a> pills',
    });
    expect(spam).toMatchObject({ stored: true, spam: true });
    expect(await outbox()).toEqual([]);
  });

  it('is stored together with its e-mail or not at all (one transaction)', async () => {
    await store.db.schema.renameTable('mail_outbox', 'mail_outbox_away');
    try {
      await expect(services().submit(enquiry)).rejects.toThrow();
    } finally {
      await store.db.schema.renameTable('mail_outbox_away', 'mail_outbox');
    }
    expect(await store.db('contacts').count({ n: '*' }).first()).toMatchObject({ n: 0 });
  });
});

describe('moving an enquiry between the inbox and the spam folder', () => {
  it('out of spam before it is due: the alert and the auto-reply', async () => {
    const contacts = services();
    const { id } = await contacts.submit({
      ...enquiry,
      message: 'https://www.metalurgia-norte.pt',
    });
    expect(await outbox()).toEqual([]);
    now = new Date(now.getTime() + 23 * HOUR);
    expect((await contacts.setSpam(id, { spam: false })).spam).toBe(false);
    expect((await outbox()).map((r) => r.kind)).toEqual([
      'staff-alert',
      'staff-alert',
      'auto-reply',
    ]);
  });

  it('out of spam once due: the alert only (a late "we received it" helps nobody)', async () => {
    const contacts = services();
    const { id } = await contacts.submit({
      ...enquiry,
      message: 'https://www.metalurgia-norte.pt',
    });
    now = new Date(now.getTime() + 25 * HOUR);
    await contacts.setSpam(id, { spam: false });
    expect((await outbox()).map((r) => r.kind)).toEqual(['staff-alert', 'staff-alert']);
  });

  it('into spam drops what was not sent yet; back out never sends twice', async () => {
    const contacts = services();
    const { id } = await contacts.submit(enquiry);
    await store.db('mail_outbox').where({ kind: 'auto-reply' }).update({ status: 'sent' });
    await contacts.setSpam(id, { spam: true });
    expect((await outbox()).map((r) => [r.kind, r.status])).toEqual([['auto-reply', 'sent']]);
    await contacts.setSpam(id, { spam: false });
    await contacts.setSpam(id, { spam: false });
    expect((await outbox()).map((r) => [r.kind, r.status])).toEqual([
      ['auto-reply', 'sent'],
      ['staff-alert', 'pending'],
      ['staff-alert', 'pending'],
    ]);
  });

  it('deleting an enquiry deletes its e-mail too', async () => {
    const contacts = services();
    const { id } = await contacts.submit(enquiry);
    await contacts.remove(id);
    expect(await outbox()).toEqual([]);
  });
});

describe('one auto-reply per visitor address in 24 hours', () => {
  const kinds = async () =>
    (await outbox()).map((r) => `${r.kind}:${r.contact_id}`).filter((k) => k.startsWith('auto'));

  it('later enquiries from the address are stored and alerted, without another auto-reply', async () => {
    const contacts = services();
    const first = await contacts.submit(enquiry);
    now = new Date(now.getTime() + 23 * HOUR);
    const second = await contacts.submit({ ...enquiry, email: 'Ana@Example.PT' });
    const third = await contacts.submit({ ...enquiry, email: 'ana+again@example.pt' });
    expect(await kinds()).toEqual([`auto-reply:${first.id}`]);
    for (const { id } of [second, third]) {
      expect((await outbox()).filter((r) => r.contact_id === id).map((r) => r.kind)).toEqual([
        'staff-alert',
        'staff-alert',
      ]);
    }
    // Another address is answered as always; a day after the first reply, this one is again.
    const other = await contacts.submit({ ...enquiry, email: 'rui@example.pt' });
    now = new Date(now.getTime() + 2 * HOUR);
    const later = await contacts.submit(enquiry);
    expect(await kinds()).toEqual([
      `auto-reply:${first.id}`,
      `auto-reply:${other.id}`,
      `auto-reply:${later.id}`,
    ]);
  });

  it('out of spam: no auto-reply when the address had one within the day', async () => {
    const contacts = services();
    const filed = await contacts.submit({ ...enquiry, message: 'https://www.metalurgia-norte.pt' });
    const first = await contacts.submit(enquiry);
    await contacts.setSpam(filed.id, { spam: false });
    expect(await kinds()).toEqual([`auto-reply:${first.id}`]);
  });

  it('an auto-reply dropped before it went out (moved to spam) gives the address back', async () => {
    const contacts = services();
    const first = await contacts.submit(enquiry);
    await contacts.setSpam(first.id, { spam: true });
    const second = await contacts.submit(enquiry);
    expect(await kinds()).toEqual([`auto-reply:${second.id}`]);
  });

  it('keeps no address, only its hash', async () => {
    await services().submit(enquiry);
    const claims = await store.db('auto_reply_claims').select();
    expect(claims).toHaveLength(1);
    expect(JSON.stringify(claims)).not.toMatch(/ana|example/i);
  });
});

describe('retention', () => {
  it('deletes enquiries older than the period, with their e-mail but for a reply not sent yet', async () => {
    const contacts = services();
    const { id: old } = await contacts.submit({ ...enquiry, name: 'Old' });
    // A reply from the admin, still waiting to go out (no worker runs here).
    await store.db('mail_outbox').insert({
      kind: 'reply',
      contact_id: old,
      recipient: 'ana@example.pt',
      language: 'pt',
      content: JSON.stringify({ subject: 'Re: orçamento', text: 'Bom dia,', html: '' }),
      status: 'pending',
      attempts: 0,
      next_attempt_at: now.toISOString(),
      created_at: now.toISOString(),
    });
    now = new Date(now.getTime() + 31 * 24 * HOUR);
    const { id: recent } = await contacts.submit({ ...enquiry, name: 'Recent' });
    expect(await contacts.purgeOlderThan(30)).toBe(1);
    expect(await contacts.list()).toMatchObject([{ id: recent }]);
    expect((await outbox()).every((r) => r.contact_id !== old)).toBe(true);
    expect(await outbox()).toHaveLength(4);
    expect(await store.db('mail_outbox').where({ kind: 'reply' }).first()).toMatchObject({
      contact_id: null,
      status: 'pending',
    });
  });
});
