import { beforeEach, describe, expect, it } from 'vitest';
import { emptiedMailStore, mailServicesOn } from '../../../tests/support/mail-services';

/**
 * The team's mail in the language its readers read: the alert list of a
 * language gets the alerts (and the reminders of enquiries nobody owns) in
 * that language; NOTIFY_EMAIL, whose language is not known, and a
 * colleague's account (accounts store none) get English.
 */
const store = emptiedMailStore();
const now = new Date('2026-07-23T14:05:00.000Z');
const clock = () => now;
const HOUR = 3_600_000;

const services = () =>
  mailServicesOn(store, {
    clock,
    env: { NOTIFY_EMAIL: 'sales@forge.example, Chefe@forge.example' },
  });

type Queued = { recipient: string; language: string; subject: string; text: string; html: string };
const queued = async (kind: string): Promise<Queued[]> =>
  (
    await store
      .db('mail_outbox')
      .where({ kind })
      .orderBy('id')
      .select('recipient', 'language', 'content')
  ).map(({ content, ...row }) => ({ ...row, ...JSON.parse(content) }));

beforeEach(async () => {
  await store.db('settings').insert({
    key: 'alert_emails_pt',
    // On NOTIFY_EMAIL too: the list says this colleague reads Portuguese.
    value: JSON.stringify(['vendas@forge.example', 'chefe@forge.example']),
    updated_at: now.toISOString(),
  });
});

const enquiry = {
  name: 'Ana Silva',
  email: 'ana@example.pt',
  message: 'Gostaríamos de automatizar a nossa linha de soldadura.',
  language: 'pt',
};

describe('the team’s mail, by the language of its readers', () => {
  it('alerts the list of the enquiry’s language in that language, NOTIFY_EMAIL in English', async () => {
    await services().contacts.submit(enquiry);
    const alerts = await queued('staff-alert');
    expect(alerts.map((a) => [a.recipient, a.language, a.subject])).toEqual([
      ['sales@forge.example', 'en', 'New enquiry from Ana Silva'],
      ['Chefe@forge.example', 'pt', 'Novo pedido de contacto de Ana Silva'],
      ['vendas@forge.example', 'pt', 'Novo pedido de contacto de Ana Silva'],
    ]);
    const pt = alerts[2]!;
    expect(pt.html).toContain('<html lang="pt">');
    expect(pt.text).toContain('Novo pedido de contacto através do site');
    expect(pt.text).toContain('Idioma: Português');
    expect(pt.text).toContain('Recebido em: 23/07/2026, 15:05 (Hora da Europa Ocidental)');
    expect(pt.text).toContain(
      'Abrir o pedido na área de administração: https://www.forge.example/admin',
    );
    expect(pt.text).toContain('Morada:');
    expect(pt.text).not.toMatch(/Received|Reply by|Open the enquiry/);
    expect(alerts[0]!.text).toContain('Received: 23 Jul 2026, 15:05 (Western European Time)');
  });

  it('reminds the list of an unowned enquiry in its language, an owner in English', async () => {
    const [owner] = await store
      .db('users')
      .insert({
        username: 'marta',
        password_hash: 'x',
        role: 'sales',
        is_admin: false,
        email: 'marta@forge.example',
        created_at: now.toISOString(),
        updated_at: now.toISOString(),
      })
      .returning('id');
    const row = (name: string, extra: object = {}) => ({
      name,
      email: `${name.toLowerCase()}@example.pt`,
      message: 'Preciso de um orçamento.',
      language: 'pt',
      read: false,
      spam: false,
      created_at: new Date(now.getTime() - 23 * HOUR).toISOString(),
      due_at: new Date(now.getTime() + HOUR).toISOString(),
      ...extra,
    });
    await store
      .db('contacts')
      .insert([
        row('Ana'),
        row('Rui', { assignee_id: typeof owner === 'object' ? owner.id : owner }),
      ]);
    expect(await services().reminders.runOnce()).toBe(2);
    const reminders = await queued('reminder');
    expect(reminders.map((r) => [r.recipient, r.language, r.subject])).toEqual([
      ['sales@forge.example', 'en', 'Reply due soon: enquiry from Ana'],
      ['Chefe@forge.example', 'pt', 'Resposta a enviar em breve: pedido de contacto de Ana'],
      ['vendas@forge.example', 'pt', 'Resposta a enviar em breve: pedido de contacto de Ana'],
      ['marta@forge.example', 'en', 'Reply due soon: enquiry from Rui'],
    ]);
    expect(reminders[2]!.text).toContain(
      'A resposta deve ser enviada até 23/07/2026, 16:05 (Hora da Europa Ocidental).',
    );
    expect(reminders[2]!.html).toContain('<html lang="pt">');
  });
});
