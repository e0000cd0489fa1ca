import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { foldSearchLetters } from '#shared/list-query';
import { STORES, type TestStore } from '../../tests/support/stores';
import { newestMatchingIds, searchIndex } from './text-search';

/**
 * The full-text indexes fold letters alike on SQLite and PostgreSQL: every
 * letter of the Latin alphabets of Europe is found by the letters it folds
 * to (`ß` as `ss`, `ł` as `l`, `é` as `e`, `É` as `e`) and finds every other
 * letter that folds so, whichever of them was written and whichever searched.
 */
const LATIN = [
  ...Array.from({ length: 0x17f - 0xc0 + 1 }, (_, i) => String.fromCodePoint(0xc0 + i)),
  'Ș',
  'ș',
  'Ț',
  'ț',
]
  // Ligatures a search splits (NFKC: `ĳ` as `ij`, `ŀ` as `l·`) and both indexes keep whole.
  .filter((c) => /\p{L}/u.test(c) && !['Ĳ', 'ĳ', 'Ŀ', 'ŀ', 'ŉ'].includes(c));

/** A letter as the indexes hold it: its folding, without accents, in lower case (`ſ` as `s`). */
const plain = (c: string) =>
  foldSearchLetters(c)
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

describe.each(STORES)('the search on $name', ({ skip, open }) => {
  let store: TestStore;
  beforeAll(async () => {
    if (skip) return;
    store = await open();
    const at = '2026-11-20T10:00:00.000Z';
    const letters = [...LATIN, 'a', 'o', 'ss', 'th', 'oe'];
    await store.db.batchInsert(
      'contacts',
      letters.map((c) => ({
        name: `q${c}z`,
        email: 'someone@example.com',
        message: 'Hello.',
        read: false,
        spam: false,
        created_at: at,
        due_at: at,
      })),
      100,
    );
  });
  afterAll(() => store?.destroy());

  it.skipIf(skip)(
    'finds each Latin letter by every letter that folds alike, both ways',
    async () => {
      const rows = await store.db('contacts').select('id', 'name');
      const names = new Map(rows.map((r) => [Number(r.id), String(r.name)]));
      const found = async (text: string) =>
        (
          await newestMatchingIds(store.db, searchIndex('contacts'), text, 1000, (id) =>
            store.db('contacts').select(store.db.raw('1')).whereRaw(`contacts.id = ${id}`),
          )!
        )
          .map((r: { id: unknown }) => names.get(Number(r.id)))
          .sort();
      const misfolded: string[] = [];
      for (const name of names.values()) {
        const letter = name.slice(1, -1);
        const alike = [...names.values()]
          .filter((other) => plain(other.slice(1, -1)) === plain(letter))
          .sort();
        const byLetter = await found(name);
        const byPlain = await found(`q${plain(letter)}z`);
        if (JSON.stringify(byLetter) !== JSON.stringify(alike)) {
          misfolded.push(`${letter}: ${byLetter.join(' ')}`);
        }
        if (JSON.stringify(byPlain) !== JSON.stringify(alike)) {
          misfolded.push(`${plain(letter)} (${letter}): ${byPlain.join(' ')}`);
        }
      }
      expect(misfolded).toEqual([]);
    },
  );
});
