import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { STORES, type TestStore } from '../../../tests/support/stores';
import { createLogger } from '../../logger';
import { createMailService } from '../mail/mail.service';
import { createRetentionJob } from './retention';

/**
 * Retention deletes old enquiries with their mail, as deleting one by hand
 * does, and, also like it, keeps a reply written to the visitor that has
 * not gone out yet: the admin was told it was sent. On a real SQLite file
 * and a real PostgreSQL alike (the outbox's foreign key cascades on both).
 */
const DAY = 24 * 60 * 60 * 1000;
const now = new Date('2026-11-20T03:00:00.000Z');
const ago = (days: number) => new Date(now.getTime() - days * DAY).toISOString();
const logger = createLogger({ logLevel: 'silent' });

describe.each(STORES)('retention and unsent replies on $name', ({ skip, open }) => {
  let store: TestStore;
  beforeAll(async () => {
    if (skip) return;
    store = await open();
  });
  afterAll(() => store?.destroy());
  beforeEach(async () => {
    if (skip) return;
    await store.db('mail_outbox').delete();
    await store.db('contacts').delete();
    await store.db('app_state').delete();
  });

  async function enquiry(name: string, days: number, spam = false): Promise<number> {
    const [row] = await store
      .db('contacts')
      .insert({
        name,
        email: 'ana@example.pt',
        message: 'Precisamos de um orçamento para duas células de soldadura.',
        read: true,
        spam,
        created_at: ago(days),
        due_at: ago(days - 1),
      })
      .returning('id');
    return Number(typeof row === 'object' ? row.id : row);
  }

  async function mail(contactId: number, kind: string, status: string, text: string) {
    const [row] = await store
      .db('mail_outbox')
      .insert({
        kind,
        contact_id: contactId,
        recipient: 'ana@example.pt',
        language: 'pt',
        content: JSON.stringify({ subject: 'Re: orçamento', text, html: '' }),
        status,
        attempts: 0,
        next_attempt_at: now.toISOString(),
        created_at: now.toISOString(),
      })
      .returning('id');
    const outboxId = Number(typeof row === 'object' ? row.id : row);
    if (kind === 'reply') {
      await store.db('contact_thread').insert({
        contact_id: contactId,
        kind: 'reply',
        author: 'marta',
        text,
        outbox_id: outboxId,
        created_at: now.toISOString(),
      });
    }
  }

  const job = (days: number) =>
    createRetentionJob({
      db: store.db,
      days,
      spamDays: async () => 30,
      mail: createMailService({
        db: store.db,
        config: { mail: undefined, publicUrl: undefined, port: 3000 },
      }),
      logger,
      clock: () => now,
    });

  it.skipIf(skip)(
    'deletes old enquiries and their mail, but a reply waiting to go out stays and goes out',
    async () => {
      const old = await enquiry('Old', 100);
      await mail(old, 'staff-alert', 'pending', 'alert');
      await mail(old, 'reply', 'sent', 'Bom dia, segue o orçamento.');
      await mail(old, 'reply', 'failed', 'Bom dia, não chegou.');
      await mail(old, 'reply', 'pending', 'Bom dia, ainda à espera.');
      const others = [];
      for (let i = 0; i < 3; i++) {
        const id = await enquiry(`Older ${i}`, 120 + i);
        await mail(id, 'reply', 'pending', `Resposta ${i}`);
        others.push(id);
      }
      // Answered, then filed as spam: its reply still goes, as it would by hand.
      const spam = await enquiry('Old spam', 40, true);
      await mail(spam, 'reply', 'pending', 'Resposta ao spam');
      const recent = await enquiry('Recent', 10);
      await mail(recent, 'reply', 'pending', 'Resposta recente');

      expect(await job(90).runOnce()).toEqual({ enquiries: 4, spam: 1 });

      expect(await store.db('contacts').pluck('name')).toEqual(['Recent']);
      const left = await store
        .db('mail_outbox')
        .orderBy('id')
        .select('kind', 'status', 'contact_id', 'content');
      expect(
        left.map((r) => ({
          kind: r.kind,
          status: r.status,
          contact_id: r.contact_id === null ? null : Number(r.contact_id),
          text: JSON.parse(String(r.content)).text,
        })),
      ).toEqual([
        { kind: 'reply', status: 'pending', contact_id: null, text: 'Bom dia, ainda à espera.' },
        { kind: 'reply', status: 'pending', contact_id: null, text: 'Resposta 0' },
        { kind: 'reply', status: 'pending', contact_id: null, text: 'Resposta 1' },
        { kind: 'reply', status: 'pending', contact_id: null, text: 'Resposta 2' },
        { kind: 'reply', status: 'pending', contact_id: null, text: 'Resposta ao spam' },
        { kind: 'reply', status: 'pending', contact_id: recent, text: 'Resposta recente' },
      ]);
      // The deleted enquiries' threads went with them.
      expect(await store.db('contact_thread').pluck('contact_id')).toEqual([recent]);
    },
  );
});
