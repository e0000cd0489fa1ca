import { describe, expect, it } from 'vitest';
import { emptiedMailStore, mailServicesOn } from '../../../tests/support/mail-services';

/**
 * Every time an e-mail names is on the company's clock, the settings'
 * `reply_time_zone` ("how e-mails name times", as the admin shows them),
 * with the zone named: the alert's received and reply-by, the notices' due
 * line, a reply's quote line (and the template the admin shows it from),
 * and an account link's expiry. A summer enquiry, when Lisbon is an hour
 * ahead of UTC and Berlin two.
 */
const store = emptiedMailStore();
const now = new Date('2026-07-23T14:05:00.000Z');
const clock = () => now;
const services = () => mailServicesOn(store, { clock });

const zone = (timeZone: string) =>
  store.db('settings').insert({
    key: 'reply_time_zone',
    value: JSON.stringify(timeZone),
    updated_at: now.toISOString(),
  });

const content = async (kind: string) => {
  const row = await store.db('mail_outbox').where({ kind }).orderBy('id', 'desc').first('content');
  return JSON.parse(row.content) as { subject: string; text: string; html: string };
};

const enquiry = {
  name: 'Ana Silva',
  email: 'ana@example.pt',
  message: 'Gostaríamos de automatizar a nossa linha de soldadura.',
  language: 'pt',
};

describe('times in e-mails', () => {
  it.each([
    ['Europe/Lisbon', '15:05', 'Western European Time'],
    ['Europe/Berlin', '16:05', 'Central European Time'],
  ])(
    'name the time on the company’s clock (%s) in the staff alert',
    async (timeZone, time, name) => {
      await zone(timeZone);
      await services().contacts.submit(enquiry);
      const alert = await content('staff-alert');
      expect(alert.text).toContain(`Received: 23 Jul 2026, ${time} (${name})`);
      expect(alert.text).toContain(`Reply by: 24 Jul 2026, ${time} (${name})`);
      expect(alert.html).toContain(`23 Jul 2026, ${time} (${name})`);
      expect(alert.text).not.toContain('UTC');
    },
  );

  it('name it in the reply’s quote line, the notices and an account link’s expiry', async () => {
    await zone('Europe/Berlin');
    const { mail, contacts } = services();
    const { id } = await contacts.submit(enquiry);
    const contact = await contacts.get(id);

    const intro = 'Em 23/07/2026, 16:05 (Hora da Europa Central), Ana Silva escreveu:';
    expect((await mail.replyTemplate(contact, 'marta')).quote_intro).toBe(intro);
    await store.db.transaction(async (trx) => {
      await mail.queueReply(trx, contact, 'Cara Ana,\n\nobrigado.', {
        username: 'marta',
        name: null,
        email: 'marta@forge.example',
      });
      await mail.queueAssigned(
        trx,
        contact,
        { address: 'marta@forge.example', language: null },
        'rui',
      );
      await mail.queueReminder(trx, contact, [{ address: 'marta@forge.example', language: null }]);
    });
    const reply = await content('reply');
    expect(reply.text).toContain(intro);
    expect(reply.html).toContain(intro);
    for (const kind of ['assigned', 'reminder']) {
      expect((await content(kind)).text).toContain(
        'The reply is due by 24 Jul 2026, 16:05 (Central European Time).',
      );
    }

    await mail.queueAccountMail('invitation', 'joao@example.de', {
      kind: 'invitation',
      language: 'de',
      url: 'https://www.forge.example/invitation/x',
      expiresAt: '2026-07-26T14:05:00.000Z',
      role: 'sales',
      invitedBy: 'rui',
    });
    expect((await content('invitation')).text).toContain(
      '26.07.2026, 16:05 (Mitteleuropäische Zeit)',
    );
  });
});
