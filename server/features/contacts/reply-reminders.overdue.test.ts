import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mailServicesOn } from '../../../tests/support/mail-services';
import { createTestDb } from '../../../tests/support/test-app';

/**
 * A reminder says what is true when it goes out: "due soon, within two
 * hours" before the due time; "overdue since …" once it has passed (the
 * enquiry waited for an address, or the server was down when it fell due).
 */
describe('the reminder of an enquiry already overdue', () => {
  let store: Awaited<ReturnType<typeof createTestDb>>;
  // Monday 30 November 2026, 18:30 in Lisbon (UTC+0 in winter).
  const now = new Date('2026-11-30T18:30:00.000Z');
  const HOUR = 3_600_000;

  beforeAll(async () => {
    store = await createTestDb();
  });
  afterAll(() => store.destroy());
  beforeEach(async () => {
    await store.db('contacts').delete();
    await store.db('mail_outbox').delete();
  });

  const reminders = () => mailServicesOn(store, { clock: () => now }).reminders;

  /** An unanswered enquiry due in `dueIn` hours (past due when negative). */
  const enquiry = (name: string, dueIn: number) =>
    store.db('contacts').insert({
      name,
      email: `${name.toLowerCase()}@example.pt`,
      message: 'Preciso de um orçamento, obrigado.',
      language: 'pt',
      read: false,
      spam: false,
      created_at: new Date(now.getTime() - (24 - dueIn) * HOUR).toISOString(),
      due_at: new Date(now.getTime() + dueIn * HOUR).toISOString(),
    });

  const reminderTo = async (name: string) => {
    const row = await store
      .db('mail_outbox')
      .join('contacts', 'contacts.id', 'mail_outbox.contact_id')
      .where({ kind: 'reminder', 'contacts.name': name })
      .first('content');
    return JSON.parse(row.content) as { subject: string; text: string; html: string };
  };

  it('says since when the reply is overdue, not that it is due within two hours', async () => {
    await enquiry('Ana', -3);
    await enquiry('Rui', 1);
    expect(await reminders().runOnce()).toBe(2);

    const overdue = await reminderTo('Ana');
    expect(overdue.subject).toBe('Reply overdue: enquiry from Ana');
    const lead =
      'Nobody has replied yet to the enquiry from Ana, and the reply has been overdue since 30 Nov 2026, 15:30 (Western European Time).';
    expect(overdue.text).toContain(lead);
    expect(overdue.html).toContain(lead);
    for (const part of [overdue.subject, overdue.text, overdue.html]) {
      expect(part).not.toMatch(/due soon|within two hours|is due by/);
    }

    // Not yet due: as before.
    const soon = await reminderTo('Rui');
    expect(soon.subject).toBe('Reply due soon: enquiry from Rui');
    expect(soon.text).toContain('the reply is due within two hours');
    expect(soon.text).toContain('The reply is due by 30 Nov 2026, 19:30 (Western European Time).');
  });
});
