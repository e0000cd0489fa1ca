import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  cpSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import { makeImage } from '../../tests/support/images';
import { instanceEnv, spawnInstance } from '../../tests/support/instances';
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

/** Runs a built CLI; `fileBlocks` caps the size of every file it writes (`ulimit -f`, 512-byte blocks). */
function cli(script: string, args: string[], env: Record<string, string>, fileBlocks?: number) {
  const [command, ...rest] = fileBlocks
    ? ['/bin/sh', '-c', `ulimit -f ${fileBlocks} && exec "$@"`, 'sh', process.execPath]
    : [process.execPath];
  const result = spawnSync(command!, [...rest, script, ...args], {
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

/** Every path under `dir` (folders with a trailing slash) and its permission bits. */
function modes(dir: string, under = ''): Record<string, number> {
  const found: Record<string, number> = {};
  for (const entry of readdirSync(path.join(dir, under), { withFileTypes: true })) {
    const name = path.join(under, entry.name);
    const mode = statSync(path.join(dir, name)).mode & 0o777;
    if (entry.isDirectory()) Object.assign(found, { [`${name}/`]: mode }, modes(dir, name));
    else found[name] = mode;
  }
  return found;
}

/** Every file under `dir` but the backups and the in-use lock: its permission bits and a hash of it. */
function files(dir: string, under = ''): Record<string, string> {
  const found: Record<string, string> = {};
  for (const entry of readdirSync(path.join(dir, under), { withFileTypes: true })) {
    const name = path.join(under, entry.name);
    if (name === 'backups' || name.startsWith('in-use.lock')) continue;
    const full = path.join(dir, name);
    const mode = (statSync(full).mode & 0o777).toString(8);
    if (entry.isDirectory()) Object.assign(found, { [`${name}/`]: mode }, files(dir, name));
    else found[name] = `${mode} ${createHash('sha256').update(readFileSync(full)).digest('hex')}`;
  }
  return found;
}

/** What a restore left beside the data (`*.restoring`, `*.replaced`). */
const leftOver = (dataDir: string) =>
  readdirSync(dataDir).filter((name) => /\.(restoring|replaced)$/.test(name));

/** The bytes the app serves at `url`. */
async function bytesOf(t: TestApp, url: string): Promise<Buffer> {
  const res = await request(t.app)
    .get(url)
    .buffer(true)
    .parse((stream, done) => {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => done(null, Buffer.concat(chunks)));
    })
    .expect(200);
  return res.body as Buffer;
}

const count = async (t: TestApp, table: string) =>
  Number(((await t.db(table).count({ n: '*' })) as { n: string | number }[])[0]!.n);

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

/** A populated site of `store` in a fresh DATA_DIR, closed, and the backup the CLI wrote of it. */
async function backedUpSite(store: (typeof stores)[number]) {
  const dataDir = tempDataDir();
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const url = await store.url();
  const env: Record<string, string> = { DATA_DIR: dataDir, ...(url && { DATABASE_URL: url }) };
  const site = await populatedSite(env, dataDir);
  await site.close();
  const backup = cli(BUILT_BACKUP_CLI, ['--out', path.join(dataDir, 'backups')], env);
  const dir = /Backup written to (\S+)/.exec(backup.out)![1]!;
  return { dataDir, url, env, dir };
}

describe.each(stores)('npm run backup and restore on $name', (store) => {
  it.skipIf(store.skip)(
    'backs up every table and the media, and rolls an upgrade back to the backup',
    async () => {
      const dataDir = tempDataDir();
      cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
      const url = await store.url();
      const env = { DATA_DIR: dataDir, ...(url && { DATABASE_URL: url }) };
      const site = await populatedSite(env, dataDir);
      const sids = (await site.db('user_sessions').pluck('sid')) as string[];
      await site.close();

      const backup = cli(BUILT_BACKUP_CLI, ['--out', path.join(dataDir, 'backups')], env);
      expect(backup).toMatchObject({ code: 0, err: '' });
      const dir = /Backup written to (\S+)/.exec(backup.out)![1]!;
      // The success line names the store it backed up, so a run on other data shows at once.
      const where = url ? `postgres: ${url}` : `sqlite: ${path.join(dataDir, 'site.db')}`;
      expect(backup.out).toBe(
        `Backup written to ${dir} (${url ? 'database.dump' : 'site.db'}, media/) from the site (${where})`,
      );
      const manifest = JSON.parse(readFileSync(path.join(dir, 'manifest.json'), 'utf8'));
      expect(manifest).toMatchObject({
        store: url ? 'postgres' : 'sqlite',
        migration: MIGRATIONS.at(-1)![0],
      });
      // The database and the media, owner-only; no sessions and no session secret.
      expect(manifest.files).toEqual([url ? 'database.dump' : 'site.db', 'media/']);
      expect(statSync(dir).mode & 0o777).toBe(0o700);
      expect(modes(dir)).toEqual({
        [url ? 'database.dump' : 'site.db']: 0o600,
        'manifest.json': 0o600,
        'media/': 0o700,
        'media/cell.webp': 0o600,
      });
      if (!url) {
        // Not a trace of a signed-in session's id in the file (rows deleted, pages rewritten).
        const backedUp = readFileSync(path.join(dir, 'site.db')).toString('latin1');
        expect(sids.length).toBeGreaterThan(0);
        for (const sid of sids) expect(backedUp).not.toContain(sid);
      }

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
      const restore = cli(BUILT_BACKUP_CLI, ['restore', dir], env);
      expect(restore).toMatchObject({ code: 0, err: '' });
      expect(restore.out).toContain(`) into the site (${where}).`);
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
        // Nobody is signed in after a restore; signing in again works.
        expect(await count(restored, 'user_sessions')).toBe(0);
        if (url) expect(await count(restored, 'sessions')).toBe(0);
        const admin = await signedIn(restored.app);
        // The counts the database keeps came back with the rows, each row counted once.
        expect((await admin.get('/api/contacts/stats').expect(200)).body.data.total).toBe(1);
        const articles = await admin.get('/api/news/admin?page=1').expect(200);
        expect(articles.headers['x-total-count']).toBe('1');
      } finally {
        await restored.close();
      }
    },
    120_000,
  );
  it.skipIf(store.skip)(
    'changes nothing when the backup is damaged or incomplete',
    async () => {
      const { dataDir, url, env, dir } = await backedUpSite(store);
      const database = path.join(dir, url ? 'database.dump' : 'site.db');
      const whole = readFileSync(database);

      const intact = async () => {
        const t = await createTestApp(env, dataDir);
        try {
          expect(await count(t, 'contacts')).toBe(1);
          expect(await slugs(t)).toBe('vision-cell-ships');
          expect(readFileSync(path.join(dataDir, 'media', 'cell.webp'), 'utf8')).toBe(
            'RIFF-webp-bytes',
          );
        } finally {
          await t.close();
        }
      };
      // Cut short on its way off the machine: the site keeps its data.
      writeFileSync(database, whole.subarray(0, 1000));
      const cut = cli(BUILT_BACKUP_CLI, ['restore', dir], env);
      expect(cut.code).toBe(1);
      expect(cut.err).toMatch(
        /^Error: The backup's database cannot be read \(.+\)\. Nothing was changed\.$/,
      );
      await intact();
      // A file lost: the same.
      rmSync(database);
      const lost = cli(BUILT_BACKUP_CLI, ['restore', dir], env);
      expect(lost).toMatchObject({
        code: 1,
        err: `Error: ${database} is missing. Nothing was changed.`,
      });
      await intact();
      // Whole again: it restores.
      writeFileSync(database, whole);
      expect(cli(BUILT_BACKUP_CLI, ['restore', dir], env)).toMatchObject({ code: 0, err: '' });
      await intact();
      expect(leftOver(dataDir)).toEqual([]);
    },
    120_000,
  );
  it.skipIf(store.skip)(
    'changes nothing when the media cannot be copied in (a full disk), and says so',
    async () => {
      const { dataDir, url, env, dir } = await backedUpSite(store);
      // The site moves on after the backup: an article more, its picture edited.
      const site = await createTestApp(env, dataDir);
      await (
        await signedIn(site.app)
      )
        .post('/api/news')
        .send({ ...ARTICLE, slug: 'after-the-backup' })
        .expect(201);
      await site.close();
      writeFileSync(path.join(dataDir, 'media', 'cell.webp'), 'RIFF-webp-bytes, edited');
      const before = files(dataDir);
      // The disk fills up on the backup's video: a file size limit the database copy fits under.
      const database = url ? 0 : statSync(path.join(dir, 'site.db')).size;
      const blocks = Math.ceil((database + 1024 * 1024) / 512);
      writeFileSync(path.join(dir, 'media', 'hall.mp4'), Buffer.alloc(blocks * 1024 + 1024 * 1024));

      const full = cli(BUILT_BACKUP_CLI, ['restore', dir], env, blocks);
      expect(full.code).toBe(1);
      // The database, the sessions and the media are the site's, byte for byte; no copy is left.
      expect(files(dataDir)).toEqual(before);
      expect(leftOver(dataDir)).toEqual([]);
      // And the operator is told so (the copy fails with EIO or EFBIG).
      expect(full.out).toBe('');
      const said = `Error: Could not copy the backup into ${dataDir} (`;
      expect(full.err.slice(0, said.length)).toBe(said);
      expect(full.err).toMatch(/\(.+\)\. Nothing was changed\.$/);
      const unchanged = await createTestApp(env, dataDir);
      try {
        expect(await slugs(unchanged)).toBe('after-the-backup,vision-cell-ships');
      } finally {
        await unchanged.close();
      }

      // With room on the disk, the same backup restores: its rows and its media.
      expect(cli(BUILT_BACKUP_CLI, ['restore', dir], env)).toMatchObject({ code: 0, err: '' });
      expect(leftOver(dataDir)).toEqual([]);
      expect(readdirSync(path.join(dataDir, 'media')).sort()).toEqual(['cell.webp', 'hall.mp4']);
      expect(readFileSync(path.join(dataDir, 'media', 'cell.webp'), 'utf8')).toBe(
        'RIFF-webp-bytes',
      );
      const restored = await createTestApp(env, dataDir);
      try {
        expect(await slugs(restored)).toBe('vision-cell-ships');
      } finally {
        await restored.close();
      }
    },
    120_000,
  );
  it.skipIf(store.skip)(
    'refuses to restore under a running server, says how to stop it, and restores once it is gone',
    async () => {
      const { dataDir, url, env, dir } = await backedUpSite(store);

      // The built server, as production runs it, acknowledges an enquiry after the backup.
      const server = await spawnInstance({
        ...instanceEnv(url ?? '', { LOG_LEVEL: 'warn' }),
        ...env,
      });
      cleanups.push(() => server.stop('SIGKILL'));
      await server.ready;
      const sent = await fetch(`${server.url}/api/contacts`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: server.url },
        body: JSON.stringify({
          name: 'Rui Costa',
          email: 'rui@example.pt',
          message: 'Please call me back soon.',
        }),
      });
      expect(sent.status).toBe(201);

      const refused = cli(BUILT_BACKUP_CLI, ['restore', dir], env);
      expect(refused.code).toBe(1);
      expect(refused.out).toBe('');
      // Run again as production runs it (`npm run restore` there ignores the site's settings).
      const again =
        `then run the restore again: \`node --env-file=<the site's environment file> ` +
        `dist/server/cli/backup.js restore ${dir}\` on a production install (in its folder), ` +
        `\`npm run restore -- ${dir}\` in a checkout. Nothing was changed.`;
      expect(refused.err).toBe(
        url
          ? "Error: A server is using DATABASE_URL's database: stop every instance first " +
              `(systemctl stop 'forge-site@*'), ${again}`
          : `Error: A server is using ${dataDir}: stop it first (systemctl stop forge-site, or ` +
              `Ctrl-C where npm start runs), ${again}`,
      );
      // The server serves on, and nothing was taken from under it.
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200);

      // A server that died (kill -9) leaves no lock behind: the restore goes through.
      await server.stop('SIGKILL');
      const before = await createTestApp(env, dataDir);
      expect(await count(before, 'contacts')).toBe(2);
      await before.close();
      expect(cli(BUILT_BACKUP_CLI, ['restore', dir], env)).toMatchObject({ code: 0, err: '' });
      const after = await createTestApp(env, dataDir);
      try {
        expect(await count(after, 'contacts')).toBe(1);
      } finally {
        await after.close();
      }
    },
    120_000,
  );
});

describe('npm run backup and db:copy on a folder without the site', () => {
  it('refuse, creating nothing, and say where they looked and how to point them at the site', () => {
    const empty = tempDataDir();
    cleanups.push(() => rmSync(empty, { recursive: true, force: true }));
    const refusal = (file: string, from: string, command: string) =>
      `Error: No site database at ${file} (${from}), and this command creates none. Run it with ` +
      "the site's settings, as its systemd unit has them: DATA_DIR set to the site's data folder " +
      "(or DATABASE_URL), for example node --env-file=<the site's environment file> " +
      `dist/server/cli/${command}.js …; on a new site, start the server once first.`;
    const file = path.join(empty, 'site.db');
    const out = path.join(empty, 'backups');
    expect(cli(BUILT_BACKUP_CLI, ['--out', out], { DATA_DIR: empty })).toEqual({
      code: 1,
      out: '',
      err: refusal(file, `DATA_DIR=${empty}`, 'backup'),
    });
    expect(cli(BUILT_BACKUP_CLI, [], { DATA_DIR: empty }).err).toBe(
      refusal(file, `DATA_DIR=${empty}`, 'backup'),
    );
    // Refused before PostgreSQL is reached: an empty SQLite site is never copied there.
    const copy = cli(BUILT_DB_COPY_CLI, ['--to', 'postgres://forge@127.0.0.1:9/forge'], {
      DATA_DIR: empty,
    });
    expect(copy).toEqual({ code: 1, out: '', err: refusal(file, `DATA_DIR=${empty}`, 'db-copy') });
    expect(readdirSync(empty)).toEqual([]);
  });
});

describe('npm run backup -- --keep N', () => {
  it('deletes the oldest backups after a new one, keeping N, and refuses a count under 1', async () => {
    const { dataDir, env, dir } = await backedUpSite(stores[0]!);
    const out = path.join(dataDir, 'backups');
    // What a backup killed outright (a power cut) left a year ago.
    const unfinished = 'backup-2025-11-02T03-15-00-000Z.partial';
    mkdirSync(path.join(out, unfinished, 'media'), { recursive: true });
    const kept = cli(BUILT_BACKUP_CLI, ['--keep', '1', '--out', out], env);
    expect(kept).toMatchObject({ code: 0, err: '' });
    const newest = /Backup written to (\S+)/.exec(kept.out)![1]!;
    expect(kept.out.split('\n').slice(1)).toEqual([
      `Keeping the 1 newest: deleted ${path.basename(dir)}`,
      `Deleted what failed backups left a day or more ago: ${unfinished}`,
    ]);
    expect(readdirSync(out)).toEqual([path.basename(newest)]);
    for (const keep of ['0', '-1', 'two']) {
      const refused = cli(BUILT_BACKUP_CLI, ['--out', out, '--keep', keep], env);
      expect(refused.code).toBe(1);
      expect(refused.err).toMatch(/^Usage:/);
    }
    expect(readdirSync(out)).toEqual([path.basename(newest)]);
  }, 60_000);

  it('deletes what failed backups left a day or more ago on a run without --keep too', async () => {
    const { dataDir, env, dir } = await backedUpSite(stores[0]!);
    const out = path.join(dataDir, 'backups');
    const unfinished = 'backup-2025-11-02T03-15-00-000Z.partial';
    mkdirSync(path.join(out, unfinished, 'media'), { recursive: true });
    const made = cli(BUILT_BACKUP_CLI, ['--out', out], env);
    expect(made).toMatchObject({ code: 0, err: '' });
    const newest = /Backup written to (\S+)/.exec(made.out)![1]!;
    expect(made.out.split('\n').slice(1)).toEqual([
      `Deleted what failed backups left a day or more ago: ${unfinished}`,
    ]);
    expect(readdirSync(out).sort()).toEqual([path.basename(dir), path.basename(newest)].sort());
  }, 60_000);
});

describe('npm run backup that fails part way', () => {
  it('leaves nothing of it in the folder, says why on one line, and deletes no older backup', async () => {
    const { dataDir, env, dir } = await backedUpSite(stores[0]!);
    const out = path.join(dataDir, 'backups');
    // The disk fills up on a video: a file size limit the database copy fits under.
    const blocks = Math.ceil((statSync(path.join(dir, 'site.db')).size + 1024 * 1024) / 512);
    writeFileSync(path.join(dataDir, 'media', 'hall.mp4'), Buffer.alloc(blocks * 512 + 1024));

    const full = cli(BUILT_BACKUP_CLI, ['--out', out, '--keep', '1'], env, blocks);
    expect(full.code).toBe(1);
    expect(full.out).toBe('');
    // The copy fails with EFBIG (or EIO); no stack trace, the message names the folder.
    const said = `Error: Could not write a backup to ${out} (`;
    expect(full.err.slice(0, said.length)).toBe(said);
    expect(full.err).toMatch(/\(.+\)\. Nothing of it was kept\.$/);
    expect(full.err.split('\n')).toHaveLength(1);
    // The older backup is kept, and no half-written folder sits beside it.
    expect(readdirSync(out)).toEqual([path.basename(dir)]);

    // With room on the disk, the next run writes a whole backup.
    const again = cli(BUILT_BACKUP_CLI, ['--out', out], env);
    expect(again).toMatchObject({ code: 0, err: '' });
    const written = /Backup written to (\S+)/.exec(again.out)![1]!;
    expect(readdirSync(path.join(written, 'media')).sort()).toEqual(['cell.webp', 'hall.mp4']);
  }, 60_000);

  it('refuses to restore an unfinished backup, even one its manifest was written into', async () => {
    const { dataDir, env, dir } = await backedUpSite(stores[0]!);
    // A run stopped between its manifest and the rename that completes it.
    const unfinished = `${dir}.partial`;
    cpSync(dir, unfinished, { recursive: true });
    const site = await createTestApp(env, dataDir);
    await (
      await signedIn(site.app)
    )
      .post('/api/news')
      .send({ ...ARTICLE, slug: 'after-the-backup' })
      .expect(201);
    await site.close();

    const refused = cli(BUILT_BACKUP_CLI, ['restore', unfinished], env);
    expect(refused).toMatchObject({
      code: 1,
      out: '',
      err:
        `Error: ${unfinished} is an unfinished backup (its run failed or is still writing it): ` +
        'restore a folder named backup-<time>. Nothing was changed.',
    });
    const unchanged = await createTestApp(env, dataDir);
    try {
      expect(await slugs(unchanged)).toBe('after-the-backup,vision-cell-ships');
    } finally {
      await unchanged.close();
    }
  }, 60_000);
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
      // A real upload: its files under DATA_DIR/media, as a SQLite site keeps them.
      const upload = (
        await (
          await signedIn(site.app)
        )
          .post('/api/media')
          .attach('file', await makeImage('jpeg'), 'cell.jpg')
          .expect(201)
      ).body.data as { url: string; bytes: number };
      const uploaded = await bytesOf(site, upload.url);
      const tables = [
        'users',
        'news',
        'contacts',
        'mail_outbox',
        'audit_log',
        'user_sessions',
        'media',
        'media_variants',
      ];
      const counts = Object.fromEntries(
        await Promise.all(
          tables.map(async (t) => [t, Number((await site.db(t).count({ n: '*' }))[0]!.n)]),
        ),
      );
      await site.close();

      const copied = cli(BUILT_DB_COPY_CLI, ['--to', pg.url], { DATA_DIR: dataDir });
      expect(copied).toMatchObject({ code: 0, err: '' });
      expect(copied.out.split('\n')[0]).toBe(
        `Copied the site (sqlite: ${path.join(dataDir, 'site.db')}) to PostgreSQL (postgres: ${pg.url}):`,
      );
      expect(copied.out).toContain('news: 1');
      expect(copied.out).toContain(`media files: ${counts.media_variants}`);

      const moved = await createTestApp({ DATABASE_URL: pg.url }, dataDir);
      try {
        for (const t of tables) {
          expect([t, Number((await moved.db(t).count({ n: '*' }))[0]!.n)]).toEqual([t, counts[t]]);
        }
        const news = await moved.db('news').first();
        expect(news.published).toBe(true);
        // The upload is served from PostgreSQL now (media_blobs), the same bytes as before.
        expect(await count(moved, 'media_blobs')).toBe(counts.media_variants);
        expect(await bytesOf(moved, upload.url)).toEqual(uploaded);
        // The admin signs in and creates an article: the id sequence continued past the copy.
        const admin = await signedIn(moved.app);
        await admin
          .post('/api/news')
          .send({ ...ARTICLE, slug: 'on-postgres' })
          .expect(201);
        expect(await slugs(moved)).toBe('on-postgres,vision-cell-ships');
        // SQLite's search index stays behind; PostgreSQL's own indexes the copied rows.
        const found = await admin.get('/api/contacts?page=1&q=silva%20call').expect(200);
        expect(found.headers['x-total-count']).toBe('1');
        // The counts PostgreSQL keeps were made by its own triggers as the rows came, once each.
        expect((await admin.get('/api/contacts/stats').expect(200)).body.data.total).toBe(1);
        const articles = await admin.get('/api/news/admin?page=1').expect(200);
        expect(articles.headers['x-total-count']).toBe('2');
        // A second copy into a database that has data is refused, and changes nothing.
        const again = cli(BUILT_DB_COPY_CLI, ['--to', pg.url], { DATA_DIR: dataDir });
        expect(again.code).toBe(1);
        expect(again.err).toMatch(/already holds data/);
      } finally {
        await moved.close();
      }
      const usage =
        'Usage: PGPASSWORD=<password> npm run db:copy -- --to postgres://user@host:5432/database';
      expect(cli(BUILT_DB_COPY_CLI, ['--to', 'mysql://x'], { DATA_DIR: dataDir })).toMatchObject({
        code: 1,
        err: usage,
      });
      // A password on the command line (where `ps` shows it to everyone) is refused.
      const withPassword = new URL(pg.url);
      withPassword.password = 's3cret';
      const refused = cli(BUILT_DB_COPY_CLI, ['--to', withPassword.toString()], {
        DATA_DIR: dataDir,
      });
      expect(refused.code).toBe(1);
      expect(refused.err).toMatch(/^Error: Leave the password out of the address: .* PGPASSWORD/);
    }, 120_000);
  },
);
