import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { STORES, type TestStore } from '../../../tests/support/stores';
import { earlierEnquiries } from './earlier-enquiries';

/**
 * A visitor's earlier enquiries, looked up by address whatever its case,
 * on a real SQLite file and a real PostgreSQL alike, along their index.
 */
describe.each(STORES)('earlier enquiries on $name', ({ name, skip, open }) => {
  let store: TestStore;
  beforeAll(async () => {
    if (!skip) store = await open();
  });
  afterAll(() => store?.destroy());
  beforeEach(async () => {
    await store?.db('contacts').delete();
  });

  const insert = async (email: string, createdAt: string, extra: object = {}) => {
    const [row] = await store
      .db('contacts')
      .insert({
        name: 'Jane Doe',
        email,
        message: 'A quote, please.',
        read: false,
        created_at: createdAt,
        due_at: createdAt,
        ...extra,
      })
      .returning(['id', 'created_at']);
    return Number(row.id);
  };

  it.skipIf(skip)(
    'matches the address in any case, before the enquiry only, spam left out',
    async () => {
      const first = await insert('jane.doe@example.com', '2026-12-03T10:00:00.000Z', {
        replied_at: '2026-12-03T12:00:00.000Z',
      });
      await insert('JANE.DOE@example.com', '2026-12-04T09:00:00.000Z', { spam: true });
      await insert('jane.doe@example.org', '2026-12-04T10:00:00.000Z');
      const second = await insert('Jane.Doe@Example.com', '2026-12-05T10:00:00.000Z');
      await insert('jane.doe@example.com', '2026-12-06T10:00:00.000Z');
      const contact = {
        id: second,
        email: 'Jane.Doe@Example.com',
        created_at: '2026-12-05T10:00:00.000Z',
      };
      expect(await earlierEnquiries(store.db, contact)).toEqual([
        { id: first, created_at: '2026-12-03T10:00:00.000Z', owner: null, replied: true },
      ]);
    },
  );

  it.skipIf(skip || name !== 'SQLite')('reads along contacts_visitor_index', async () => {
    const plan = (await store.db.raw(
      `explain query plan select id from contacts
       where lower(email) = lower(?) and created_at < ? order by created_at desc limit 5`,
      ['jane@example.com', '2026-12-05T10:00:00.000Z'],
    )) as { detail: string }[];
    expect(plan.map((step) => step.detail).join('\n')).toContain('contacts_visitor_index');
  });
});
