import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDb, tempDataDir } from '../../../tests/support/test-app';
import { parseConfig } from '../../config';
import { createLogger } from '../../logger';
import { createMailService } from '../mail/mail.service';
import { createSettingsService } from '../settings/settings.service';
import { createReplyReminders } from './reply-reminders';

/**
 * Who a reminder goes to, and that one with nobody to go to is kept for
 * later rather than marked as sent.
 */
describe('reminders of replies due soon, by their recipients', () => {
  let store: Awaited<ReturnType<typeof createTestDb>>;
  const now = new Date('2026-11-30T18:30:00.000Z');
  const HOUR = 3_600_000;

  beforeEach(async () => {
    store = await createTestDb();
  });
  afterEach(() => store.destroy());

  const reminders = (notify: string) => {
    const config = parseConfig({
      DATA_DIR: tempDataDir(),
      SMTP_URL: 'smtp://127.0.0.1:2525',
      MAIL_FROM: 'Forge Industrial <hello@forge.example>',
      NOTIFY_EMAIL: notify,
    });
    const settings = createSettingsService({ db: store.db, clock: () => now });
    const mail = createMailService({ db: store.db, config, settings, clock: () => now });
    return createReplyReminders({
      db: store.db,
      mail,
      settings,
      logger: createLogger({ logLevel: 'silent' }),
      clock: () => now,
    });
  };

  async function dueEnquiry(): Promise<number> {
    const [row] = await store
      .db('contacts')
      .insert({
        name: 'Ana',
        email: 'ana@example.pt',
        message: 'Preciso de um orçamento, obrigado.',
        language: 'pt',
        read: false,
        spam: false,
        created_at: new Date(now.getTime() - 22 * HOUR).toISOString(),
        due_at: new Date(now.getTime() + HOUR).toISOString(),
      })
      .returning('id');
    return Number(typeof row === 'object' ? row.id : row);
  }

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
});
