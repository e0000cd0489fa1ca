import { Writable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mailServicesOn } from '../../../tests/support/mail-services';
import { createTestDb } from '../../../tests/support/test-app';
import { createLogger } from '../../logger';

/**
 * Who a reminder goes to, and that one with nobody to go to is kept for
 * later rather than marked as sent, said once in the log, and holds back
 * no other.
 */
describe('reminders of replies due soon, by their recipients', () => {
  let store: Awaited<ReturnType<typeof createTestDb>>;
  const START = new Date('2026-11-30T18:30:00.000Z');
  let now = START;
  const HOUR = 3_600_000;

  beforeEach(async () => {
    store = await createTestDb();
  });
  afterEach(() => store.destroy());

  /** The log's lines, for the tests that read them. */
  let lines: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(chunk.toString('utf8'));
      done();
    },
  });
  beforeEach(() => {
    lines = [];
    now = START;
  });

  const reminders = (notify: string) =>
    mailServicesOn(store, {
      clock: () => now,
      env: { NOTIFY_EMAIL: notify },
      logger: createLogger({ logLevel: 'info' }, sink),
    }).reminders;

  /** An unanswered enquiry due in `dueIn` hours (past due when negative). */
  const enquiryRow = (language: 'pt' | 'de', dueIn: number) => ({
    name: language === 'pt' ? 'Ana' : 'Jürgen',
    email: language === 'pt' ? 'ana@example.pt' : 'juergen@fabrik.de',
    message:
      language === 'pt' ? 'Preciso de um orçamento, obrigado.' : 'Wir bitten um ein Angebot.',
    language,
    read: false,
    spam: false,
    created_at: new Date(now.getTime() - (24 - dueIn) * HOUR).toISOString(),
    due_at: new Date(now.getTime() + dueIn * HOUR).toISOString(),
  });

  async function dueEnquiry(language: 'pt' | 'de' = 'pt', dueIn = 1): Promise<number> {
    const [row] = await store.db('contacts').insert(enquiryRow(language, dueIn)).returning('id');
    return Number(typeof row === 'object' ? row.id : row);
  }

  const alertList = (language: 'pt' | 'de', addresses: string[]) =>
    store.db('settings').insert({
      key: `alert_emails_${language}`,
      value: JSON.stringify(addresses),
      updated_at: now.toISOString(),
    });

  const logged = () =>
    lines
      .map((l) => JSON.parse(l) as { msg: string; contactId?: number })
      .filter((l) => l.contactId !== undefined);

  const queued = () =>
    store.db('mail_outbox').where({ kind: 'reminder' }).orderBy('recipient').pluck('recipient');
  const remindedAt = async (id: number) =>
    (await store.db('contacts').where({ id }).first('reminded_at')).reminded_at;

  it('reaches a NOTIFY_EMAIL address written with a display name, at its address', async () => {
    const id = await dueEnquiry();
    expect(await reminders('Sales Team <sales@forge.example>, ops@forge.example').runOnce()).toBe(
      1,
    );
    expect(await queued()).toEqual(['ops@forge.example', 'sales@forge.example']);
    expect(await remindedAt(id)).not.toBeNull();
  });

  it('reaches the owner in their account’s language, else in the staff’s (English)', async () => {
    const owner = async (username: string, language: 'de' | null) => {
      const [row] = await store
        .db('users')
        .insert({
          username,
          password_hash: 'x',
          role: 'sales',
          is_admin: true,
          email: `${username}@forge.example`,
          language,
          created_at: now.toISOString(),
          updated_at: now.toISOString(),
        })
        .returning('id');
      return Number(typeof row === 'object' ? row.id : row);
    };
    const [ines, rui] = [await owner('ines', 'de'), await owner('rui', null)];
    const forInes = await dueEnquiry('pt');
    const forRui = await dueEnquiry('pt');
    await store.db('contacts').where({ id: forInes }).update({ assignee_id: ines });
    await store.db('contacts').where({ id: forRui }).update({ assignee_id: rui });

    expect(await reminders('ops@forge.example').runOnce()).toBe(2);
    const rows = await store
      .db('mail_outbox')
      .where({ kind: 'reminder' })
      .orderBy('recipient')
      .select('recipient', 'language', 'content');
    const read = rows.map((r: { recipient: string; language: string; content: string }) => ({
      recipient: r.recipient,
      language: r.language,
      subject: (JSON.parse(r.content) as { subject: string }).subject,
    }));
    expect(read).toEqual([
      {
        recipient: 'ines@forge.example',
        language: 'de',
        subject: 'Antwort bald fällig: Anfrage von Ana',
      },
      {
        recipient: 'rui@forge.example',
        language: 'en',
        subject: 'Reply due soon: enquiry from Ana',
      },
    ]);
  });

  it('keeps a reminder nobody could be sent for, and sends it once someone is on the list', async () => {
    const id = await dueEnquiry();
    expect(await reminders('').runOnce()).toBe(0);
    expect(await queued()).toEqual([]);
    expect(await remindedAt(id)).toBeNull();

    await store.db('settings').insert({
      key: 'alert_emails_pt',
      value: JSON.stringify(['vendas@forge.example']),
      updated_at: now.toISOString(),
    });
    expect(await reminders('').runOnce()).toBe(1);
    expect(await queued()).toEqual(['vendas@forge.example']);
    expect(await remindedAt(id)).not.toBeNull();
  });

  it('says once in the log that a reminder waits for an address, not at every look', async () => {
    const id = await dueEnquiry('de');
    const job = reminders('');
    for (let look = 0; look < 3; look++) {
      expect(await job.runOnce()).toBe(0);
      now = new Date(now.getTime() + 60_000);
    }
    expect(logged()).toEqual([
      expect.objectContaining({
        contactId: id,
        msg: expect.stringMatching(/waits for an address/),
      }),
    ]);
    expect(lines.join('')).not.toContain('juergen@fabrik.de');
    expect(await remindedAt(id)).toBeNull();

    await alertList('de', ['vertrieb@forge.example']);
    expect(await job.runOnce()).toBe(1);
    expect(await queued()).toEqual(['vertrieb@forge.example']);
  });

  it('holds back no reminder that can be sent behind many that cannot', async () => {
    await alertList('pt', ['vendas@forge.example']);
    // More German enquiries, due earlier, than one look reads at a time; nobody gets German mail.
    await store.db.batchInsert(
      'contacts',
      Array.from({ length: 150 }, () => enquiryRow('de', -6)),
      50,
    );
    const id = await dueEnquiry('pt', 1);
    expect(await reminders('').runOnce()).toBe(1);
    expect(await queued()).toEqual(['vendas@forge.example']);
    expect(await remindedAt(id)).not.toBeNull();
    // The German ones still wait for an address.
    expect(await store.db('contacts').whereNull('reminded_at').count({ n: '*' }).first()).toEqual({
      n: 150,
    });
  });
});
