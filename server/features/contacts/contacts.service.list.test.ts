import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Contact } from '#shared/contact';
import type { ContactExportQuery, ContactListQuery } from '#shared/contact-list';
import { SEARCH_MAX_RESULTS } from '#shared/list-query';
import { csvNames } from '../../../tests/support/enquiry-export';
import { STORES, type TestStore } from '../../../tests/support/stores';
import { createContactsService, type ContactsService } from './contacts.service';

/**
 * The admin's enquiry lists, filtered, searched, sorted and paged by the
 * database, on a real SQLite file and a real PostgreSQL alike.
 */
const now = new Date('2026-11-20T12:00:00.000Z');
const HOUR = 60 * 60 * 1000;

describe.each(STORES)('enquiry lists on $name', ({ skip, open }) => {
  let store: TestStore;
  let contacts: ContactsService;
  beforeAll(async () => {
    if (skip) return;
    store = await open();
    contacts = createContactsService({ db: store.db, clock: () => now });
  });
  afterAll(() => store?.destroy());
  beforeEach(async () => {
    await store?.db('contacts').delete();
  });

  /**
   * An enquiry received `hours` before now, stored as the service stores one:
   * due 24 hours after it came in, unless `dueIn` (hours from now) says otherwise.
   */
  async function received(
    hours: number,
    fields: Partial<Omit<Contact, 'assignee'>> & { name: string; assignee_id?: number },
    dueIn = 24 - hours,
  ) {
    const [row] = await store
      .db('contacts')
      .insert({
        email: 'someone@example.com',
        company: null,
        message: 'We would like a quote.',
        read: false,
        spam: false,
        ...fields,
        created_at: new Date(now.getTime() - hours * HOUR).toISOString(),
        due_at: new Date(now.getTime() + dueIn * HOUR).toISOString(),
      })
      .returning('id');
    return Number(typeof row === 'object' ? row.id : row);
  }

  async function page(query: ContactListQuery) {
    const list = await contacts.list({ page: 1, ...query });
    if (Array.isArray(list)) throw new Error('expected a page');
    return { names: list.items.map((c) => c.name), total: list.total };
  }

  it.skipIf(skip)('pages newest first with the total of the whole list', async () => {
    for (let i = 1; i <= 7; i++) await received(i, { name: `E${i}` });
    expect(await page({ per_page: 3 })).toEqual({ names: ['E1', 'E2', 'E3'], total: 7 });
    expect(await page({ page: 3, per_page: 3 })).toEqual({ names: ['E7'], total: 7 });
    expect(await page({ page: 4, per_page: 3 })).toEqual({ names: [], total: 7 });
  });

  it.skipIf(skip)('keeps spam in its own folder, with its own total', async () => {
    await received(1, { name: 'Real' });
    await received(2, { name: 'Junk', spam: true });
    expect(await page({})).toEqual({ names: ['Real'], total: 1 });
    expect(await page({ spam: true })).toEqual({ names: ['Junk'], total: 1 });
  });

  it.skipIf(skip)('filters by read state and by where the reply stands', async () => {
    const replied = new Date(now.getTime() - HOUR).toISOString();
    await received(2, { name: 'Fresh' });
    await received(21, { name: 'Due soon', read: true });
    await received(30, { name: 'Overdue' });
    await received(40, { name: 'Answered', read: true, replied_at: replied });
    expect((await page({ read: true })).names).toEqual(['Due soon', 'Answered']);
    expect((await page({ read: false })).names).toEqual(['Fresh', 'Overdue']);
    expect((await page({ reply: 'awaiting' })).names).toEqual(['Fresh', 'Due soon', 'Overdue']);
    expect((await page({ reply: 'late' })).names).toEqual(['Due soon', 'Overdue']);
    expect((await page({ reply: 'soon' })).names).toEqual(['Due soon']);
    expect(await page({ reply: 'overdue' })).toEqual({ names: ['Overdue'], total: 1 });
    expect((await page({ reply: 'replied' })).names).toEqual(['Answered']);
    expect((await page({ sort: 'unreplied' })).names).toEqual([
      'Fresh',
      'Due soon',
      'Overdue',
      'Answered',
    ]);
  });

  it.skipIf(skip)(
    'goes by each enquiry’s own due time, and lists the soonest due first',
    async () => {
      // Friday evening under the working-days rule: due on Monday, not overdue after 30 hours.
      await received(30, { name: 'Weekend' }, 50);
      await received(2, { name: 'Fresh' });
      await received(22, { name: 'Due soon' });
      await received(30, { name: 'Overdue' });
      await received(40, { name: 'Answered', replied_at: now.toISOString() });
      expect((await page({ reply: 'overdue' })).names).toEqual(['Overdue']);
      expect((await page({ reply: 'late' })).names).toEqual(['Due soon', 'Overdue']);
      expect((await page({ sort: 'due' })).names).toEqual([
        'Overdue',
        'Due soon',
        'Fresh',
        'Weekend',
        'Answered',
      ]);
      expect((await contacts.stats()).overdue).toBe(1);
      expect((await contacts.stats()).due_soon).toBe(1);
    },
  );

  it.skipIf(skip)('lists the enquiries of the one who asks, or of nobody', async () => {
    const [user] = await store
      .db('users')
      .insert({
        username: 'owner',
        name: 'Olga Marques',
        password_hash: 'x',
        role: 'sales',
        is_admin: true,
        created_at: now.toISOString(),
        updated_at: now.toISOString(),
      })
      .returning('id');
    const owner = Number(typeof user === 'object' ? user.id : user);
    await received(1, { name: 'Mine', assignee_id: owner });
    await received(2, { name: 'Nobody’s' });
    const mine = await contacts.list({ page: 1, assignee: 'me' }, owner);
    expect(Array.isArray(mine) ? [] : mine.items).toMatchObject([
      { name: 'Mine', assignee: { id: owner, username: 'owner', name: 'Olga Marques' } },
    ]);
    expect((await page({ assignee: 'none' })).names).toEqual(['Nobody’s']);
    // Without a colleague asking, "mine" is nobody's list.
    expect((await page({ assignee: 'me' })).names).toEqual([]);
    await store.db('users').where({ id: owner }).delete();
    expect((await page({})).names).toEqual(['Mine', 'Nobody’s']);
    expect((await page({ assignee: 'none' })).names).toEqual(['Mine', 'Nobody’s']);
  });

  it.skipIf(skip)(
    'finds every word in the name, e-mail, company or message, as the start of a word, accents and case aside',
    async () => {
      await received(1, { name: 'João Gonçalves', email: 'joao@metal.pt', company: 'Metalúrgica' });
      await received(2, {
        name: 'Jürgen Weiß',
        email: 'jw@fabrik.de',
        message: 'Wir brauchen Schweißroboter für unsere Fertigung.',
      });
      await received(3, { name: 'Ana', message: 'A quote for two WELDING cells, please.' });
      const found = async (q: string) => (await page({ q })).names;
      expect(await found('joao')).toEqual(['João Gonçalves']);
      expect(await found('GONÇALVES metalurg')).toEqual(['João Gonçalves']);
      expect(await found('joao@metal.pt')).toEqual(['João Gonçalves']);
      expect(await found('fabrik')).toEqual(['Jürgen Weiß']);
      expect(await found('schweißrob fertigung')).toEqual(['Jürgen Weiß']);
      expect(await found('welding quote')).toEqual(['Ana']);
      expect(await found('welding jürgen')).toEqual([]);
      expect(await found('"; drop table contacts; --')).toEqual([]);
      expect(await found('  ')).toHaveLength(3);
      expect((await page({ q: 'metal', read: true })).total).toBe(0);
    },
  );

  it.skipIf(skip)(
    'finds letters written two ways by either spelling (ß as ss, ł as l, ø as o, œ as oe)',
    async () => {
      await received(1, {
        name: 'Jürgen Weiß',
        message: 'Lieferung an die Straße des 17. Juni, Werk Hauptstraße.',
      });
      await received(2, { name: 'Paul Strasse', message: 'A quote for a cell.' });
      await received(3, { name: 'Łukasz Wróbel', company: 'Łódź Stal' });
      await received(4, { name: 'Søren Bøgh', company: 'Æbeltoft Værft' });
      await received(5, { name: 'Chloé Cœur', message: 'Une œuvre soudée.', company: 'Þór hf.' });
      const found = async (q: string) => (await page({ q })).names.sort();
      const both = ['Jürgen Weiß', 'Paul Strasse'];
      expect(await found('strasse')).toEqual(both);
      expect(await found('straße')).toEqual(both);
      expect(await found('STRASSE')).toEqual(both);
      expect(await found('hauptstrasse')).toEqual(['Jürgen Weiß']);
      expect(await found('strass')).toEqual(both);
      expect(await found('weiss')).toEqual(['Jürgen Weiß']);
      expect(await found('weiß')).toEqual(['Jürgen Weiß']);
      expect(await found('lodz')).toEqual(['Łukasz Wróbel']);
      expect(await found('łódź lukasz')).toEqual(['Łukasz Wróbel']);
      expect(await found('soren bogh')).toEqual(['Søren Bøgh']);
      expect(await found('SØREN')).toEqual(['Søren Bøgh']);
      expect(await found('aebeltoft vaerft')).toEqual(['Søren Bøgh']);
      expect(await found('Æbeltoft')).toEqual(['Søren Bøgh']);
      expect(await found('coeur oeuvre')).toEqual(['Chloé Cœur']);
      expect(await found('cœur œuvre chloe')).toEqual(['Chloé Cœur']);
      expect(await found('thor')).toEqual(['Chloé Cœur']);
      expect(await found('þór')).toEqual(['Chloé Cœur']);
      expect(await found('cour')).toEqual([]);
    },
  );

  it.skipIf(skip)(
    'lists at most SEARCH_MAX_RESULTS matches of a search, the newest of those its filters keep',
    async () => {
      const at = (minutes: number) => new Date(now.getTime() - minutes * 60_000).toISOString();
      const matches = SEARCH_MAX_RESULTS + 2;
      const row = (name: string, minutesAgo: number, extra: Record<string, unknown> = {}) => ({
        name,
        email: 'someone@example.com',
        message: 'Turbine blades need inspection.',
        read: false,
        spam: false,
        created_at: at(minutesAgo),
        due_at: at(minutesAgo - 24 * 60),
        ...extra,
      });
      // Oldest first, so that ids follow the time received; the newest matches are spam.
      const rows = [
        ...Array.from({ length: matches }, (_, i) => row(`M${i}`, 10_000 - i)),
        ...Array.from({ length: 3 }, (_, i) => row(`S${i}`, 100 - i, { spam: true })),
        row('Other', 1, { message: 'Something else.' }),
      ];
      await store.db.batchInsert('contacts', rows, 100);

      const searched = await page({ q: 'turbine', per_page: 2 });
      // Spam is left out before the bound: it takes no place among the matches.
      expect(searched).toEqual({
        names: [`M${matches - 1}`, `M${matches - 2}`],
        total: SEARCH_MAX_RESULTS,
      });
      const last = await page({ q: 'turbine', per_page: 2, page: SEARCH_MAX_RESULTS / 2 });
      // The two oldest matches are beyond the bound.
      expect(last).toEqual({ names: ['M3', 'M2'], total: SEARCH_MAX_RESULTS });
      expect(await page({ q: 'turbine', spam: true })).toEqual({
        names: ['S2', 'S1', 'S0'],
        total: 3,
      });
      // Without a search the list has no bound.
      expect((await page({})).total).toBe(matches + 1);
    },
  );

  it.skipIf(skip)('keeps the search in step with changes and deletions', async () => {
    const id = await received(1, { name: 'Old Name' });
    expect((await page({ q: 'old' })).total).toBe(1);
    await store.db('contacts').where({ id }).update({ name: 'New Name', read: true });
    expect((await page({ q: 'old' })).total).toBe(0);
    expect((await page({ q: 'new' })).names).toEqual(['New Name']);
    await contacts.remove(id);
    expect((await page({ q: 'new' })).total).toBe(0);
  });

  it.skipIf(skip)(
    'exports what the list holds, all pages of it: its search, filters and folder',
    async () => {
      const [user] = await store
        .db('users')
        .insert({
          username: 'exporter',
          password_hash: 'x',
          role: 'sales',
          is_admin: true,
          created_at: now.toISOString(),
          updated_at: now.toISOString(),
        })
        .returning('id');
      const me = Number(typeof user === 'object' ? user.id : user);
      const replied = new Date(now.getTime() - HOUR).toISOString();
      await received(1, { name: 'Welding fresh', message: 'Two welding cells.' });
      await received(2, { name: 'Welding mine', message: 'A welding line.', assignee_id: me });
      await received(3, { name: 'Welding answered', message: 'Welding.', replied_at: replied });
      await received(30, { name: 'Welding overdue', message: 'Welding robots.', read: true });
      await received(4, { name: 'Painting', message: 'A paint shop.' });
      await received(5, { name: 'Welding spam', message: 'Welding casino.', spam: true });
      const who = { actor: { id: me, username: 'exporter' }, ip: null };
      const exported = async (query: ContactExportQuery) => {
        const { filename, csv } = await contacts.exportCsv(query, who);
        let text = '';
        for await (const part of csv) text += part;
        return { filename, names: csvNames(text) };
      };

      expect(await exported({})).toEqual({
        filename: 'enquiries-2026-11-20.csv',
        names: ['Welding fresh', 'Welding mine', 'Welding answered', 'Painting', 'Welding overdue'],
      });
      const welding = await exported({ q: 'welding', reply: 'awaiting' });
      expect(welding).toEqual({
        filename: 'enquiries-filtered-2026-11-20.csv',
        names: ['Welding fresh', 'Welding mine', 'Welding overdue'],
      });
      expect(welding.names).toEqual(
        (await page({ q: 'welding', reply: 'awaiting', per_page: 100 })).names,
      );
      expect((await exported({ reply: 'overdue', read: true })).names).toEqual(['Welding overdue']);
      expect((await exported({ assignee: 'me' })).names).toEqual(['Welding mine']);
      expect((await exported({ assignee: 'none', read: false, q: 'two' })).names).toEqual([
        'Welding fresh',
      ]);
      expect(await exported({ spam: true, q: 'welding' })).toEqual({
        filename: 'spam-enquiries-filtered-2026-11-20.csv',
        names: ['Welding spam'],
      });
    },
  );

  it.skipIf(skip)('counts the statistics from the same rows, spam apart', async () => {
    await received(2, { name: 'Fresh' });
    await received(30, { name: 'Overdue', read: true });
    await received(3, { name: 'Junk', spam: true });
    const stats = await contacts.stats();
    expect(stats).toMatchObject({
      total: 2,
      unread: 1,
      unreplied: 2,
      overdue: 1,
      due_soon: 0,
      spam: 1,
    });
    expect(stats.per_day.at(-1)).toEqual({ date: '2026-11-20', count: 1 });
    expect(stats.per_day.at(-2)).toEqual({ date: '2026-11-19', count: 1 });
  });
});
