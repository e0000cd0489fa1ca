import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  postgresAvailable,
  postgresUnavailable,
  startPostgres,
} from '../../tests/support/postgres';
import {
  BUILT_BACKUP_CLI,
  BUILT_DB_COPY_CLI,
  createTestApp,
  signedIn,
  tempDataDir,
  type TestApp,
} from '../../tests/support/test-app';
import { MIGRATIONS } from '../db/migrations';

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const clean of cleanups.splice(0).reverse()) await clean();
});

function cli(script: string, args: string[], env: Record<string, string>) {
  const result = spawnSync(process.execPath, [script, ...args], {
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { code: result.status, out: result.stdout.trim(), err: result.stderr.trim() };
}

const ARTICLE = {
  title: 'Vision cell ships',
  excerpt: 'The first vision cell left the plant.',
  content: 'It inspects 40 parts a minute.',
  category: 'research',
  published: true,
};

/** A site with an article, an enquiry, a signed-in session and a media file. */
async function populatedSite(env: Record<string, string>, dataDir: string): Promise<TestApp> {
  const t = await createTestApp(env, dataDir);
  const admin = await signedIn(t.app);
  await admin
    .post('/api/news')
    .send({ ...ARTICLE, slug: 'vision-cell-ships' })
    .expect(201);
  await admin
    .post('/api/contacts')
    .send({ name: 'Ana Silva', email: 'ana@example.pt', message: 'Please call me back.' })
    .expect(201);
  mkdirSync(path.join(dataDir, 'media'), { recursive: true });
  writeFileSync(path.join(dataDir, 'media', 'cell.webp'), 'RIFF-webp-bytes');
  return t;
}

const slugs = async (t: TestApp) =>
  ((await t.db('news').orderBy('slug').pluck('slug')) as string[]).join(',');

const stores = [
  { name: 'SQLite', skip: false, url: async () => undefined },
  {
    name: postgresAvailable ? 'PostgreSQL' : `PostgreSQL (skipped: ${postgresUnavailable})`,
    skip: !postgresAvailable,
    url: async () => {
      const pg = (await startPostgres())!;
      cleanups.push(() => pg.stop());
      return pg.url;
    },
  },
];

describe.each(stores)('npm run backup and restore on $name', (store) => {
  it.skipIf(store.skip)(
    'backs up every table and the media, and rolls an upgrade back to the backup',
    async () => {
      const dataDir = tempDataDir();
      cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
      const url = await store.url();
      const env = { DATA_DIR: dataDir, ...(url && { DATABASE_URL: url }) };
      const site = await populatedSite(env, dataDir);
      await site.close();

      const backup = cli(BUILT_BACKUP_CLI, ['--out', path.join(dataDir, 'backups')], env);
      expect(backup).toMatchObject({ code: 0, err: '' });
      const dir = /Backup written to (\S+)/.exec(backup.out)![1]!;
      const manifest = JSON.parse(readFileSync(path.join(dir, 'manifest.json'), 'utf8'));
      expect(manifest).toMatchObject({
        store: url ? 'postgres' : 'sqlite',
        migration: MIGRATIONS.at(-1)![0],
      });
      expect(manifest.files).toContain('media/');

      // The upgrade: a new release migrates (a table, a row in knex_migrations) and content moves on.
      const upgraded = await createTestApp(env, dataDir);
      await upgraded.db.schema.createTable('upgrade_probe', (t) => t.increments('id'));
      await upgraded.db('knex_migrations').insert({
        name: '20991231000000_future.ts',
        batch: 99,
        migration_time: new Date(),
      });
      const admin = await signedIn(upgraded.app);
      await admin
        .post('/api/news')
        .send({ ...ARTICLE, slug: 'after-the-backup' })
        .expect(201);
      rmSync(path.join(dataDir, 'media', 'cell.webp'));
      await upgraded.close();

      // Rolled back: the schema, the rows and the media are the backup's again.
      expect(cli(BUILT_BACKUP_CLI, ['restore', dir], env)).toMatchObject({ code: 0, err: '' });
      const restored = await createTestApp(env, dataDir);
      try {
        expect(await restored.db.schema.hasTable('upgrade_probe')).toBe(false);
        expect(await restored.db('knex_migrations').pluck('name')).toEqual(
          MIGRATIONS.map(([name]) => name),
        );
        expect(await slugs(restored)).toBe('vision-cell-ships');
        expect(await restored.db('contacts').count({ n: '*' })).toEqual([{ n: url ? '1' : 1 }]);
        expect(readFileSync(path.join(dataDir, 'media', 'cell.webp'), 'utf8')).toBe(
          'RIFF-webp-bytes',
        );
        await signedIn(restored.app);
      } finally {
        await restored.close();
      }
    },
    120_000,
  );
});

describe.skipIf(!postgresAvailable)(
  postgresAvailable ? 'npm run db:copy' : `npm run db:copy (skipped: ${postgresUnavailable})`,
  () => {
    it('copies every table of a SQLite site to PostgreSQL, sequences reset', async () => {
      const pg = (await startPostgres())!;
      cleanups.push(() => pg.stop());
      const dataDir = tempDataDir();
      cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
      const site = await populatedSite({}, dataDir);
      const tables = ['users', 'news', 'contacts', 'mail_outbox', 'audit_log', 'user_sessions'];
      const counts = Object.fromEntries(
        await Promise.all(
          tables.map(async (t) => [t, Number((await site.db(t).count({ n: '*' }))[0]!.n)]),
        ),
      );
      await site.close();

      const copied = cli(BUILT_DB_COPY_CLI, ['--to', pg.url], { DATA_DIR: dataDir });
      expect(copied).toMatchObject({ code: 0, err: '' });
      expect(copied.out).toContain('news: 1');

      const moved = await createTestApp({ DATABASE_URL: pg.url }, dataDir);
      try {
        for (const t of tables) {
          expect([t, Number((await moved.db(t).count({ n: '*' }))[0]!.n)]).toEqual([t, counts[t]]);
        }
        const news = await moved.db('news').first();
        expect(news.published).toBe(true);
        // The admin signs in and creates an article: the id sequence continued past the copy.
        const admin = await signedIn(moved.app);
        await admin
          .post('/api/news')
          .send({ ...ARTICLE, slug: 'on-postgres' })
          .expect(201);
        expect(await slugs(moved)).toBe('on-postgres,vision-cell-ships');
        // A second copy into a database that has data is refused, and changes nothing.
        const again = cli(BUILT_DB_COPY_CLI, ['--to', pg.url], { DATA_DIR: dataDir });
        expect(again.code).toBe(1);
        expect(again.err).toMatch(/already holds data/);
      } finally {
        await moved.close();
      }
      expect(cli(BUILT_DB_COPY_CLI, ['--to', 'mysql://x'], { DATA_DIR: dataDir })).toMatchObject({
        code: 1,
        err: 'Usage: npm run db:copy -- --to postgres://user:password@host:5432/database',
      });
    }, 120_000);
  },
);
