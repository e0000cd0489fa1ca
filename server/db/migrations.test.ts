import { copyFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import { SEARCH_LETTER_FOLDS } from '#shared/list-query';
import { LETTERS } from '../../migrations/20261201120000_search_letter_folding';
import { PROJECT_ROOT } from '../project-root';
import { postgresAvailable, startPostgres } from '../../tests/support/postgres';
import { createTestApp, tempDataDir, type TestApp } from '../../tests/support/test-app';
import { createNewsService } from '../features/news/news.service';
import { createMediaRepo } from '../features/media/media.repo';
import { createContentVersion } from '../content-version';
import { createDb } from './knex';
import { migrateLatest } from './migrate';
import { MIGRATIONS, migrationSource } from './migrations';
import { newestMatchingIds, searchIndex } from './text-search';

/** Every article's text as stored, by slug. */
async function texts(db: ReturnType<typeof createDb>) {
  const rows = await db('news').select('slug', 'title', 'excerpt', 'content').orderBy('id');
  return Object.fromEntries(rows.map((r) => [r.slug, { ...r }]));
}

const LAST_OF_RELEASE_0_1_0 = '20250101000400_app_state.ts';

/**
 * Runs `body` on a new database (SQLite, or PostgreSQL with `pg`) whose
 * migrations ran up to, and not including, `migration`; closes it after.
 */
async function onDatabaseBefore(
  migration: string,
  pg: boolean,
  body: (db: ReturnType<typeof createDb>) => Promise<void>,
): Promise<void> {
  const server = pg ? (await startPostgres())! : null;
  const db = createDb({ dataDir: tempDataDir(), databaseUrl: server?.url });
  try {
    const options = { migrationSource, tableName: 'knex_migrations' };
    const before = MIGRATIONS.findIndex(([n]) => n === migration);
    if (before === -1) throw new Error(`no migration ${migration}`);
    for (let i = 0; i < before; i++) await db.migrate.up(options);
    await body(db);
  } finally {
    await db.destroy();
    await server?.stop();
  }
}

const apps: TestApp[] = [];
afterEach(async () => {
  for (const t of apps.splice(0)) await t.destroy();
});

describe('migrations', () => {
  it('lists every file of migrations/, in order, under its file name', () => {
    const files = readdirSync(path.join(PROJECT_ROOT, 'migrations'))
      .filter((f) => /^\d{14}_[a-z0-9_]+\.ts$/.test(f))
      .sort();
    expect(MIGRATIONS.map(([name]) => name)).toEqual(files);
  });

  it('carry on a database made by release 0.1.0 (run from tsx), keeping its data', async () => {
    // tests/fixtures/release-0.1.0/site.db: demo articles, a draft, an enquiry and the test admin,
    // written by the 0.1.0 server whose migrations ran from .ts files under tsx.
    const dataDir = tempDataDir();
    copyFileSync(
      path.join(PROJECT_ROOT, 'tests/fixtures/release-0.1.0/site.db'),
      path.join(dataDir, 'site.db'),
    );
    const untouched = createDb({ dataDir, databaseUrl: undefined });
    const before = await texts(untouched);
    await untouched.destroy();
    const t = await createTestApp({}, dataDir);
    apps.push(t);
    const names = (await t.db('knex_migrations').orderBy('id').pluck('name')) as string[];
    expect(names.slice(0, 4)).toEqual(MIGRATIONS.slice(0, 4).map(([name]) => name));
    expect(names).toEqual(MIGRATIONS.map(([name]) => name));

    const news = await request(t.app).get('/api/news?per_page=50').expect(200);
    expect(news.body.data.total).toBe(8);
    const admin = request.agent(t.app);
    await admin
      .post('/api/auth/login')
      .send({ username: 'test-admin', password: 'admin-password-123' })
      .expect(200);
    const all = await admin.get('/api/news/admin').expect(200);
    expect(all.body.data.map((a: { slug: string }) => a.slug)).toContain('draft-from-0-1-0');
    // Its seeded articles are marked as demo content; its draft is not.
    const demo = await admin.get('/api/demo').expect(200);
    const demoSlugs = demo.body.data.articles.map((a: { slug: string }) => a.slug);
    expect(demoSlugs).toHaveLength(8);
    expect(demoSlugs).not.toContain('draft-from-0-1-0');
    const contacts = await admin.get('/api/contacts').expect(200);
    expect(contacts.body.data).toMatchObject([{ name: 'Ana Silva', company: 'Metalurgia Norte' }]);

    // Every article of 0.1.0 is an English source without translations, its text unchanged.
    expect(all.body.data).toHaveLength(Object.keys(before).length);
    for (const a of all.body.data) {
      expect(a).toMatchObject({
        language: 'en',
        source_language: 'en',
        languages: ['en'],
        translations: {},
        ...before[a.slug],
      });
    }
    expect(await texts(t.db)).toEqual(before);
    const inGerman = await request(t.app).get('/api/news?per_page=50&lang=de').expect(200);
    for (const a of inGerman.body.data.news) {
      expect(a).toMatchObject({ language: 'en', title: before[a.slug].title });
    }
    // The source text of an old article last changed when the article did.
    const times = await t.db('news').select('source_updated_at', 'updated_at');
    for (const row of times) expect(row.source_updated_at).toBe(row.updated_at);
  });

  it.each([
    ['SQLite', false],
    ['PostgreSQL', true],
  ] as const)(
    'give %s admins the admin role and every other account the user role',
    async (_store, pg) => {
      if (pg && !postgresAvailable) return;
      await onDatabaseBefore('20261127140000_user_roles.ts', pg, async (db) => {
        const at = new Date('2025-02-03T10:00:00.000Z');
        const account = (username: string, is_admin: boolean) => ({
          username,
          password_hash: 'x',
          is_admin,
          created_at: at,
          updated_at: at,
        });
        await db('users').insert([account('chief', true), account('reader', false)]);
        await migrateLatest(db);
        const rows = await db('users').orderBy('username').select('username', 'role', 'active');
        expect(rows.map((r) => [r.username, r.role, Boolean(r.active)])).toEqual([
          ['chief', 'admin', true],
          ['reader', 'user', true],
        ]);
      });
    },
  );

  it.each([
    ['SQLite', false],
    ['PostgreSQL', true],
  ] as const)(
    'count the enquiries, articles and pages already in a %s database, and those that come',
    async (_store, pg) => {
      if (pg && !postgresAvailable) return;
      await onDatabaseBefore('20261128140000_list_counts.ts', pg, async (db) => {
        const at = '2026-11-20T10:00:00.000Z';
        const enquiry = (name: string, fields: Record<string, unknown>) => ({
          name,
          email: 'someone@example.com',
          message: 'A quote, please.',
          read: false,
          spam: false,
          created_at: at,
          due_at: at,
          ...fields,
        });
        await db('contacts').insert([
          enquiry('A', {}),
          enquiry('B', {}),
          enquiry('C', { read: true, replied_at: at }),
          enquiry('D', { spam: true }),
        ]);
        const doc = (slug: string, kind: string, published: boolean) => ({
          title: slug,
          excerpt: '',
          content: '',
          category: 'research',
          slug,
          kind,
          published,
          created_at: at,
          updated_at: at,
        });
        await db('news').insert([
          doc('one', 'article', true),
          doc('two', 'article', false),
          doc('about', 'page', true),
        ]);
        await migrateLatest(db);
        const kept = async (table: string, keys: string[]) =>
          (await db(table).where('n', '<>', 0).select())
            .map((r) => [...keys.map((k) => (k === 'kind' ? r[k] : Boolean(r[k]))), Number(r.n)])
            .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
        const contactKeys = ['spam', 'read', 'replied'];
        expect(await kept('contact_counts', contactKeys)).toEqual([
          [false, false, false, 2],
          [false, true, true, 1],
          [true, false, false, 1],
        ]);
        expect(await kept('news_counts', ['kind', 'published'])).toEqual([
          ['article', false, 1],
          ['article', true, 1],
          ['page', true, 1],
        ]);
        // From now on the database keeps them.
        await db('contacts').insert(enquiry('E', {}));
        await db('contacts').where({ name: 'A' }).update({ read: true });
        expect(await kept('contact_counts', contactKeys)).toEqual([
          [false, false, false, 2],
          [false, true, false, 1],
          [false, true, true, 1],
          [true, false, false, 1],
        ]);
      });
    },
  );

  it.each([
    ['SQLite', false],
    ['PostgreSQL', true],
  ] as const)(
    'find the languages the articles already in a %s database lack, and keep them after',
    async (_store, pg) => {
      if (pg && !postgresAvailable) return;
      await onDatabaseBefore('20261128180000_news_missing_languages.ts', pg, async (db) => {
        const at = '2026-11-20T10:00:00.000Z';
        const doc = (slug: string, source_language: string) => ({
          title: slug,
          excerpt: '',
          content: '',
          category: 'research',
          slug,
          source_language,
          created_at: at,
          updated_at: at,
        });
        const [en, de] = (
          await db('news')
            .insert([doc('english', 'en'), doc('german', 'de')])
            .returning('id')
        ).map((r) => Number(typeof r === 'object' ? r.id : r));
        const translation = (news_id: number, language: string) => ({
          news_id,
          language,
          title: 'T',
          excerpt: '',
          content: '',
          created_at: at,
          updated_at: at,
        });
        await db('news_translations').insert([translation(en!, 'pt'), translation(de!, 'en')]);
        await migrateLatest(db);
        const kept = async () =>
          (await db('news_missing_languages').select('news_id', 'language'))
            .map((r) => `${Number(r.news_id)} ${String(r.language)}`)
            .sort();
        expect(await kept()).toEqual([`${en} de`, `${de} pt`].sort());
        // From now on the database keeps them.
        await db('news_translations').insert(translation(de!, 'pt'));
        await db('news_translations').where({ news_id: en, language: 'pt' }).delete();
        expect(await kept()).toEqual([`${en} de`, `${en} pt`].sort());
      });
    },
  );

  it.each([
    ['SQLite', false],
    ['PostgreSQL', true],
  ] as const)(
    'give the enquiries already in a %s database the id of the article they came from',
    async (_store, pg) => {
      if (pg && !postgresAvailable) return;
      await onDatabaseBefore('20261129100100_contact_source_ids.ts', pg, async (db) => {
        const at = '2026-11-20T10:00:00.000Z';
        const doc = (slug: string) => ({
          title: slug,
          excerpt: '',
          content: '',
          category: 'research',
          slug,
          created_at: at,
          updated_at: at,
        });
        const [renamed, same] = (await db('news')
          .insert([doc('welding-cells-2'), doc('careers')])
          .returning('id')) as { id: number }[];
        await db('news_slug_history').insert({
          news_id: renamed!.id,
          slug: 'welding-cells',
          created_at: at,
        });
        const enquiry = (name: string, path: string | null) => ({
          name,
          email: 'someone@example.com',
          message: 'A quote, please.',
          read: false,
          spam: false,
          created_at: at,
          due_at: at,
          source_path: path,
          source_title: path,
        });
        await db('contacts').insert([
          enquiry('renamed since', '/welding-cells'),
          enquiry('same address', '/careers'),
          enquiry('deleted since', '/gone'),
          enquiry('from nowhere', null),
        ]);
        await migrateLatest(db);
        const ids = await db('contacts').orderBy('id').select('name', 'source_id');
        expect(ids.map((r) => [r.name, r.source_id === null ? null : Number(r.source_id)])).toEqual(
          [
            ['renamed since', Number(renamed!.id)],
            ['same address', Number(same!.id)],
            ['deleted since', null],
            ['from nowhere', null],
          ],
        );
      });
    },
  );

  it.each([
    ['SQLite', false],
    ['PostgreSQL', true],
  ] as const)(
    'sum the page views already in a %s database by month and by day',
    async (_store, pg) => {
      if (pg && !postgresAvailable) return;
      await onDatabaseBefore('20261129110100_page_view_months.ts', pg, async (db) => {
        const row = (day: string, page: string, id: number, views: number, enquiries = 0) => ({
          day,
          page,
          document_id: id,
          language: 'en',
          views,
          enquiries,
        });
        await db('page_views').insert([
          row('2026-10-31', 'home', 0, 3),
          row('2026-11-01', 'home', 0, 4),
          row('2026-11-30', 'home', 0, 5),
          row('2026-11-01', 'document', 7, 2, 1),
          row('2026-11-02', 'document', 7, 0, 2),
        ]);
        await migrateLatest(db);
        const months = await db('page_view_months')
          .orderBy(['month', 'page'])
          .select('month', 'page', 'document_id', 'views', 'enquiries', 'last_day');
        expect(months.map((r) => Object.values(r).map(String))).toEqual([
          ['2026-10', 'home', '0', '3', '0', '2026-10-31'],
          ['2026-11', 'document', '7', '2', '3', '2026-11-02'],
          ['2026-11', 'home', '0', '9', '0', '2026-11-30'],
        ]);
        const days = await db('page_view_days').orderBy('day').select('day', 'views');
        expect(days.map((r) => [r.day, Number(r.views)])).toEqual([
          ['2026-10-31', 3],
          ['2026-11-01', 6],
          ['2026-11-02', 0],
          ['2026-11-30', 5],
        ]);
      });
    },
  );

  it.each([
    ['SQLite', false],
    ['PostgreSQL', true],
  ] as const)(
    'give the accounts of a %s database a display name, empty for those already there',
    async (_store, pg) => {
      if (pg && !postgresAvailable) return;
      const migration = '20261129120000_user_names.ts';
      await onDatabaseBefore(migration, pg, async (db) => {
        const at = '2026-11-20T10:00:00.000Z';
        await db('users').insert({
          username: 'jsilva',
          password_hash: 'x',
          is_admin: true,
          role: 'sales',
          created_at: at,
          updated_at: at,
        });
        await migrateLatest(db);
        const names = () => db('users').select('username', 'name');
        expect(await names()).toEqual([{ username: 'jsilva', name: null }]);
        const longest =
          'Maria da Conceição Ramalho Vasconcelos de Albuquerque e Sá Pereira Fonseca Leões';
        expect(longest).toHaveLength(80);
        await db('users').where({ username: 'jsilva' }).update({ name: longest });
        expect(await names()).toEqual([{ username: 'jsilva', name: longest }]);

        await db.migrate.down({ migrationSource, tableName: 'knex_migrations', name: migration });
        expect(await db('users').select()).toMatchObject([{ username: 'jsilva' }]);
        expect(Object.keys((await db('users').first())!)).not.toContain('name');
      });
    },
  );

  it.each([
    ['SQLite', false],
    ['PostgreSQL', true],
  ] as const)(
    'give the accounts of a %s database a language, empty for those already there',
    async (_store, pg) => {
      if (pg && !postgresAvailable) return;
      const migration = '20261201100000_user_languages.ts';
      await onDatabaseBefore(migration, pg, async (db) => {
        const at = '2026-11-30T10:00:00.000Z';
        await db('users').insert({
          username: 'jsilva',
          name: 'Joana Silva',
          password_hash: 'x',
          is_admin: true,
          role: 'sales',
          created_at: at,
          updated_at: at,
        });
        await migrateLatest(db);
        const languages = () => db('users').select('username', 'name', 'language');
        expect(await languages()).toEqual([
          { username: 'jsilva', name: 'Joana Silva', language: null },
        ]);
        await db('users').where({ username: 'jsilva' }).update({ language: 'pt' });
        expect(await languages()).toEqual([
          { username: 'jsilva', name: 'Joana Silva', language: 'pt' },
        ]);

        await db.migrate.down({ migrationSource, tableName: 'knex_migrations', name: migration });
        expect(await db('users').select()).toMatchObject([
          { username: 'jsilva', name: 'Joana Silva' },
        ]);
        expect(Object.keys((await db('users').first())!)).not.toContain('language');
      });
    },
  );

  it.each([
    ['SQLite', false],
    ['PostgreSQL', true],
  ] as const)(
    'keep uploads over 2 GiB in a %s database, their sizes read back as numbers',
    async (_store, pg) => {
      if (pg && !postgresAvailable) return;
      await onDatabaseBefore('20261130100000_media_bytes_bigint.ts', pg, async (db) => {
        const at = '2026-11-20T10:00:00.000Z';
        const upload = (bytes: number) => ({
          hash: '0123456789abcdef',
          type: 'video/mp4' as const,
          width: 1920,
          height: 1080,
          bytes,
          name: 'line.mp4',
          poster: null,
          created_by: null,
          created_at: at,
        });
        const before = await createMediaRepo(db).insert(upload(52_428_800));
        await migrateLatest(db);
        const media = createMediaRepo(db);
        // A video as large as MEDIA_MAX_VIDEO_BYTES lets it be: 4 GiB.
        const large = 4 * 1024 ** 3;
        const id = await media.insert(upload(large));
        const file = { name: '0123456789abcdef-1920x1080.mp4', type: 'video/mp4' as const };
        await media.insertVariant({
          media_id: id,
          ...file,
          width: 1920,
          height: 1080,
          bytes: large,
        });
        expect((await media.find(before))!.bytes).toBe(52_428_800);
        expect((await media.find(id))!.bytes).toBe(large);
        const variant = await db('media_variants').where({ media_id: id }).first('bytes');
        expect(Number(variant.bytes)).toBe(large);
      });
    },
  );

  it('give SQLite full-text indexes of every word start up to 12 characters, rows kept', async () => {
    const migration = '20261128190000_search_prefix_indexes.ts';
    await onDatabaseBefore(migration, false, async (db) => {
      const at = '2026-11-20T10:00:00.000Z';
      const message = 'Schweißroboterzelle welding quote, por favor.';
      await db('contacts').insert({
        name: 'Ana',
        email: 'ana@example.com',
        message,
        read: false,
        spam: false,
        created_at: at,
        due_at: at,
      });
      const [{ id }] = await db('news')
        .insert({
          title: 'Retrofit cell',
          excerpt: '',
          content: message,
          category: 'research',
          slug: 'retrofit-cell',
          created_at: at,
          updated_at: at,
        })
        .returning('id');
      await db('news_translations').insert({
        news_id: Number(id),
        language: 'de',
        title: 'Nachrüstung',
        excerpt: '',
        content: message,
        created_at: at,
        updated_at: at,
      });
      const tables = ['contacts_fts', 'news_fts', 'news_translations_fts'];
      const declared = async () =>
        Object.fromEntries(
          (await db('sqlite_master').whereIn('name', tables).select('name', 'sql')).map((r) => [
            r.name,
            /prefix\s*=\s*'([^']*)'/.exec(String(r.sql))?.[1],
          ]),
        );
      /** How many rows of each index hold a word starting with each start of `word`. */
      const found = async (word: string) => {
        const counts: string[] = [];
        for (const table of tables) {
          for (let n = 1; n <= word.length; n++) {
            const [row] = await db(table)
              .count({ n: '*' })
              .whereRaw(`${table} match ?`, [`"${word.slice(0, n)}"*`]);
            counts.push(`${table} ${n} ${Number(row!.n)}`);
          }
        }
        return counts;
      };
      const everyStart = (word: string) =>
        tables.flatMap((t) => Array.from(word, (_, i) => `${t} ${i + 1} 1`));

      // This migration alone: a later one folds the indexed text (ß as ss).
      await db.migrate.up({ migrationSource, tableName: 'knex_migrations' });
      const starts = '1 2 3 4 5 6 7 8 9 10 11 12';
      expect(await declared()).toEqual(Object.fromEntries(tables.map((t) => [t, starts])));
      // The rows already there are indexed again, 13-letter starts (no prefix index) too.
      expect(await found('schweißroboterzelle')).toEqual(everyStart('schweißroboterzelle'));
      expect(await found('welding')).toEqual(everyStart('welding'));

      await db.migrate.down({ migrationSource, tableName: 'knex_migrations', name: migration });
      expect(await declared()).toEqual(Object.fromEntries(tables.map((t) => [t, '2 3'])));
      expect(await found('quote')).toEqual(everyStart('quote'));
    });
  });

  it.each([
    ['SQLite', false],
    ['PostgreSQL', true],
  ] as const)(
    'fold the letters of the %s search indexes as searches fold them, rows kept',
    async (_store, pg) => {
      if (pg && !postgresAvailable) return;
      const migration = '20261201120000_search_letter_folding.ts';
      await onDatabaseBefore(migration, pg, async (db) => {
        const at = '2026-11-20T10:00:00.000Z';
        const message = 'Lieferung an die Straße in Łódź, bitte.';
        await db('contacts').insert({
          name: 'Søren Bøgh',
          email: 'sb@example.dk',
          message,
          read: false,
          spam: false,
          created_at: at,
          due_at: at,
        });
        const [{ id }] = await db('news')
          .insert({
            title: 'Cœur de la cellule',
            excerpt: '',
            content: message,
            category: 'research',
            slug: 'coeur',
            created_at: at,
            updated_at: at,
          })
          .returning('id');
        await db('news_translations').insert({
          news_id: Number(id),
          language: 'de',
          title: 'Æbeltoft',
          excerpt: '',
          content: message,
          created_at: at,
          updated_at: at,
        });
        const tables = ['contacts', 'news', 'news_translations'];
        /** The tables of which a search finds a row, by newestMatchingIds as the lists search. */
        const found = async (text: string) => {
          const hits: string[] = [];
          for (const table of tables) {
            const ids = newestMatchingIds(db, searchIndex(table), text, 10, (key) =>
              db(table).select(db.raw('1')).whereRaw(`${table}.id = ${key}`),
            )!;
            if ((await ids).length > 0) hits.push(table);
          }
          return hits;
        };
        expect(await found('lodz')).toEqual(pg ? tables : []);
        expect(await found('strasse')).toEqual([]);

        await migrateLatest(db);
        for (const text of ['strasse', 'straße', 'lodz', 'łódź', 'LODZ']) {
          expect(await found(text)).toEqual(tables);
        }
        expect(await found('soren bogh')).toEqual(['contacts']);
        expect(await found('coeur')).toEqual(['news']);
        expect(await found('aebeltoft')).toEqual(['news_translations']);
        // Kept in step with writes, folded alike.
        await db('contacts').update({ name: 'Ærø Smith' });
        expect(await found('soren')).toEqual([]);
        expect(await found('aero')).toEqual(['contacts']);
        await db('contacts').delete();
        expect(await found('aero')).toEqual([]);
        expect(await found('strasse')).toEqual(['news', 'news_translations']);
        if (!pg) {
          const [{ sql }] = await db('sqlite_master').where({ name: 'contacts_fts' }).select('sql');
          expect(sql).toMatch(/prefix = '1 2 3 4 5 6 7 8 9 10 11 12'/);
        }

        await db.migrate.down({ migrationSource, tableName: 'knex_migrations', name: migration });
        // As before: ł as l on PostgreSQL only, and ß as itself.
        expect(await found('lodz')).toEqual(pg ? ['news', 'news_translations'] : []);
        expect(await found('strasse')).toEqual([]);
      });
    },
  );

  it('fold the same letters in the search indexes as in the searches', () => {
    expect(LETTERS).toEqual(SEARCH_LETTER_FOLDS);
  });

  it.skipIf(!postgresAvailable)(
    'turn the articles of a 0.1.0 PostgreSQL database into English sources, text untouched',
    async () => {
      const pg = (await startPostgres())!;
      const db = createDb({ dataDir: tempDataDir(), databaseUrl: pg.url });
      try {
        const options = { migrationSource, tableName: 'knex_migrations' };
        // The schema of release 0.1.0: its migrations, one by one, and no later ones.
        const released = MIGRATIONS.findIndex(([n]) => n === LAST_OF_RELEASE_0_1_0) + 1;
        for (let i = 0; i < released; i++) await db.migrate.up(options);
        expect(await db('knex_migrations').orderBy('id').pluck('name')).toEqual(
          MIGRATIONS.slice(0, released).map(([n]) => n),
        );
        const at = new Date('2025-02-03T10:00:00.000Z');
        const old = (n: number, published: boolean) => ({
          title: `Título ${n} — ção`,
          excerpt: `Excerpt ${n}`,
          content: `## Heading ${n}\n\n- [link](https://example.com)`,
          category: 'AI Innovation',
          slug: `old-${n}`,
          published,
          published_at: published ? at : null,
          created_at: at,
          updated_at: at,
        });
        await db('news').insert([old(1, true), old(2, false)]);
        const before = await texts(db);

        await migrateLatest(db);
        expect(await texts(db)).toEqual(before);
        const articles = await createNewsService({
          db,
          content: createContentVersion(),
        }).listAdmin();
        expect(articles).toHaveLength(2);
        for (const a of articles) {
          expect(a).toMatchObject({
            source_language: 'en',
            languages: ['en'],
            translations: {},
            ...before[a.slug],
          });
        }
        const public_ = await createNewsService({ db, content: createContentVersion() }).getBySlug(
          'old-1',
          { language: 'pt' },
        );
        expect(public_).toMatchObject({ language: 'en', title: 'Título 1 — ção' });
      } finally {
        await db.destroy();
        await pg.stop();
      }
    },
  );
});
