import type { Knex } from 'knex';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ContactListQuery } from '#shared/contact-list';
import { STORES, type TestStore } from '../../../tests/support/stores';
import { toBool } from '../../db/values';
import { createLogger } from '../../logger';
import { createMailService } from '../mail/mail.service';
import { createContactsService, type ContactsService } from './contacts.service';
import { createRetentionJob } from './retention';

/**
 * The counts the database keeps of enquiries (`contact_counts`, by
 * triggers) against the enquiries counted one by one, after every kind of
 * write: the form, the admin's changes, plain multi-row statements and the
 * retention purge; and the statistics and list totals made from them, on a
 * real SQLite file and a real PostgreSQL alike. Without any one trigger
 * (insert, change, deletion) the counts part from the rows.
 */
const START = new Date('2026-11-20T12:00:00.000Z');
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

const LISTS: ContactListQuery[] = [
  {},
  { spam: true },
  { read: false },
  { read: true, spam: true },
  { reply: 'awaiting' },
  { reply: 'replied' },
  { reply: 'overdue' },
  { reply: 'late' },
  { reply: 'soon' },
  { reply: 'overdue', read: false },
  { reply: 'late', spam: true },
];

describe.each(STORES)('enquiry counts kept by the database on $name', ({ name, skip, open }) => {
  let store: TestStore;
  let contacts: ContactsService;
  let now = START;
  beforeAll(async () => {
    if (skip) return;
    store = await open();
    contacts = createContactsService({ db: store.db, clock: () => now });
  });
  afterAll(() => store?.destroy());
  beforeEach(async () => {
    now = START;
    await store?.db('contacts').delete();
  });

  type Row = { id: unknown; spam: unknown; read: unknown; replied_at: unknown; due_at: unknown };
  const rows = async (): Promise<Row[]> =>
    store.db('contacts').select('id', 'spam', 'read', 'replied_at', 'due_at');
  const key = (spam: unknown, read: unknown, replied: unknown) =>
    `spam=${toBool(spam)} read=${toBool(read)} replied=${toBool(replied)}`;

  /** The kept counts equal the enquiries counted one by one; so do the stats and every total. */
  async function expectCountsRight() {
    const all = await rows();
    const counted: Record<string, number> = {};
    for (const r of all) {
      const k = key(r.spam, r.read, r.replied_at !== null);
      counted[k] = (counted[k] ?? 0) + 1;
    }
    const kept: Record<string, number> = {};
    for (const r of await store.db('contact_counts').select()) {
      // PostgreSQL keeps a combination in shards: its count is their sum.
      const k = key(r.spam, r.read, r.replied);
      kept[k] = (kept[k] ?? 0) + Number(r.n);
      if (kept[k] === 0) delete kept[k];
    }
    expect(kept).toEqual(counted);

    const at = now.getTime();
    const inbox = all.filter((r) => !toBool(r.spam));
    const waiting = inbox.filter((r) => r.replied_at === null);
    const due = (r: Row) => new Date(r.due_at as string | Date).getTime();
    const { last_7_days: _, per_day: __, time_zone: ___, ...stats } = await contacts.stats();
    expect(stats).toEqual({
      total: inbox.length,
      unread: inbox.filter((r) => !toBool(r.read)).length,
      unreplied: waiting.length,
      overdue: waiting.filter((r) => due(r) < at).length,
      due_soon: waiting.filter((r) => due(r) >= at && due(r) < at + 4 * HOUR).length,
      spam: all.length - inbox.length,
      newest_id: all.length ? Math.max(...all.map((r) => Number(r.id))) : null,
    });
    for (const query of LISTS) {
      const whole = await contacts.list(query);
      const paged = await contacts.list({ ...query, page: 1, per_page: 1 });
      expect([query, Array.isArray(paged) ? -1 : paged.total]).toEqual([
        query,
        (whole as unknown[]).length,
      ]);
    }
  }

  /** An enquiry through the form at `hoursAgo` (due 24 hours later with the default settings). */
  async function submitted(n: number, hoursAgo: number, spam = false) {
    const at = now;
    now = new Date(at.getTime() - hoursAgo * HOUR);
    try {
      const message = spam
        ? `http://spam.example/offer-${n}`
        : `Enquiry ${n}: we would like a quote for two welding cells.`;
      const result = await contacts.submit({
        name: `Person ${n}`,
        email: `p${n}@example.com`,
        message,
      });
      expect(result.spam).toBe(spam);
      return result.id;
    } finally {
      now = at;
    }
  }

  it.skipIf(skip || !name.startsWith('PostgreSQL'))(
    'let enquiries on two connections be written at once, neither waiting for the other',
    async () => {
      await submitted(1, 1);
      const columns = Object.keys(await store.db('contacts').columnInfo()).filter(
        // The id is the database's; `search` is generated from the others.
        (c) => c !== 'id' && c !== 'search',
      );
      const copy = `insert into contacts (${columns.join(', ')})
        select ${columns.join(', ')} from contacts limit 1`;
      const shardOf = async (trx: Knex.Transaction) =>
        Number((await trx.raw('select pg_backend_pid() % 16 as shard')).rows[0].shard);
      // Two open transactions on connections of different shards (as two instances' would mostly be).
      const open: Knex.Transaction[] = [];
      try {
        const first = await store.db.transaction();
        open.push(first);
        await first.raw(copy);
        let second: Knex.Transaction | undefined;
        for (let i = 0; i < 6 && !second; i++) {
          const trx = await store.db.transaction();
          open.push(trx);
          if ((await shardOf(trx)) !== (await shardOf(first))) second = trx;
        }
        expect(second).toBeDefined();
        // One row of counts for every new enquiry made the second wait for the first's commit.
        await second!.raw("set local lock_timeout = '2s'");
        await second!.raw(copy);
        for (const trx of open) await trx.commit();
      } finally {
        for (const trx of open) if (!trx.isCompleted()) await trx.rollback();
      }
      await expectCountsRight();
    },
  );

  it.skipIf(skip)(
    'stay right through the form, the admin, plain statements and retention',
    async () => {
      const [a, b, c, d] = [
        await submitted(1, 1),
        await submitted(2, 22),
        await submitted(3, 30),
        await submitted(4, 2, true),
      ];
      await expectCountsRight();

      await contacts.setRead(a!, { read: true });
      await contacts.setReplied(b!, { replied: true });
      await expectCountsRight();
      await contacts.setReplied(b!, { replied: false });
      await contacts.setSpam(c!, { spam: true });
      await contacts.setSpam(d!, { spam: false });
      await expectCountsRight();

      await contacts.remove(a!);
      await expectCountsRight();

      // Time moves on: the same counts, other enquiries overdue and due soon.
      now = new Date(START.getTime() + 21 * HOUR);
      await expectCountsRight();

      // Several rows in one statement, each way (PostgreSQL's triggers run once per statement).
      const more = [];
      for (let n = 5; n <= 9; n++) more.push(await submitted(n, n * 24, n % 2 === 0));
      await store.db('contacts').whereIn('id', more).update({ read: true });
      await store
        .db('contacts')
        .whereIn('id', more.slice(0, 3))
        .update({ replied_at: now.toISOString() });
      await store.db('contacts').whereIn('id', [b!, d!]).update({ spam: true });
      await expectCountsRight();
      await store.db('contacts').whereIn('id', more.slice(1, 4)).delete();
      await expectCountsRight();

      // The retention purge: spam older than 30 days, then everything older than 3.
      await store
        .db('contacts')
        .where('id', more[4]!)
        .update({
          spam: true,
          created_at: new Date(now.getTime() - 40 * DAY).toISOString(),
        });
      const logger = createLogger({ logLevel: 'silent' });
      const job = createRetentionJob({
        db: store.db,
        days: 3,
        spamDays: async () => 30,
        mail: createMailService({
          db: store.db,
          config: { mail: undefined, publicUrl: undefined, port: 3000 },
        }),
        logger,
        clock: () => now,
      });
      expect(await job.runOnce()).toEqual({ enquiries: 1, spam: 1 });
      await expectCountsRight();
      expect(await rows()).toHaveLength(3);
    },
  );

  it.skipIf(skip)('give folder totals from the kept counts, not by counting rows', async () => {
    await submitted(1, 1);
    await submitted(2, 2, true);
    // A count that only the kept one can give: the totals read it, the rows are not counted.
    await store.db('contact_counts').delete();
    await store.db('contact_counts').insert([
      { spam: false, read: false, replied: false, n: 1000 },
      { spam: true, read: false, replied: false, n: 500 },
    ]);
    const total = async (query: ContactListQuery) => {
      const page = await contacts.list({ ...query, page: 1 });
      return Array.isArray(page) ? -1 : page.total;
    };
    expect(await total({})).toBe(1000);
    expect(await total({ spam: true })).toBe(500);
    expect((await contacts.stats()).total).toBe(1000);
    // A search counts what it finds.
    expect(await total({ q: 'welding' })).toBe(1);
  });
});
