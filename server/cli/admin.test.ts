import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import { BUILT_ADMIN_CLI, createTestApp, tempDataDir } from '../../tests/support/test-app';
import { createTokensRepo, newToken } from '../features/auth/tokens.repo';
import { createDb } from '../db/knex';
import { migrateLatest } from '../db/migrate';
import { userName } from '../db/backup/restore-owner';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Runs the built CLI on DATA_DIR `dataDir`; null runs it without DATA_DIR, in `cwd`. */
function admin(dataDir: string | null, args: string[], stdin = '', cwd?: string) {
  const result = spawnSync(process.execPath, [BUILT_ADMIN_CLI, ...args], {
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      ...(dataDir !== null && { DATA_DIR: dataDir }),
    },
    cwd,
    input: stdin,
    encoding: 'utf8',
    timeout: 30_000,
  });
  return { code: result.status, out: result.stdout.trim(), err: result.stderr.trim() };
}

/** A site's data folder, its database made as the server's first start makes it. */
async function site(): Promise<string> {
  const dir = tempDataDir();
  dirs.push(dir);
  const db = createDb({ dataDir: dir, databaseUrl: undefined });
  await migrateLatest(db);
  await db.destroy();
  return dir;
}

// Each case starts the built CLI several times (a migration and a password hash each).
describe('npm run admin', { timeout: 60_000 }, () => {
  it('creates an admin and resets a password, reading it from stdin', async () => {
    const dir = await site();
    expect(admin(dir, ['create', 'boss'], 'first-password-1\n')).toMatchObject({
      code: 0,
      out: `Admin "boss" created (sqlite: ${dir}/site.db). Sign in at /login.`,
    });
    expect(admin(dir, ['create', 'boss'], 'first-password-1\n')).toMatchObject({
      code: 1,
      err: 'Error: This username is already taken',
    });
    expect(admin(dir, ['reset-password', 'boss'], 'second-password-2\n')).toMatchObject({
      code: 0,
      out: `Password of "boss" changed (sqlite: ${dir}/site.db); 0 signed-in session(s) ended.`,
    });

    const t = await createTestApp({ ADMIN_USERNAME: '', ADMIN_PASSWORD: '' }, dir);
    try {
      await request(t.app)
        .post('/api/auth/login')
        .send({ username: 'boss', password: 'first-password-1' })
        .expect(401);
      const res = await request(t.app)
        .post('/api/auth/login')
        .send({ username: 'boss', password: 'second-password-2' })
        .expect(200);
      expect(res.body.data.user).toEqual({
        username: 'boss',
        name: null,
        language: null,
        is_admin: true,
        role: 'admin',
      });
    } finally {
      await t.close();
    }
  });

  it('resets a password so that no reset link e-mailed before sets it again', async () => {
    const dir = await site();
    expect(admin(dir, ['create', 'boss'], 'first-password-1\n').code).toBe(0);
    // A reset link the account was sent (its mailbox read by someone else, say).
    const { token, hash } = newToken();
    let t = await createTestApp({ ADMIN_USERNAME: '', ADMIN_PASSWORD: '' }, dir);
    try {
      await t.db('users').where({ username: 'boss' }).update({ email: 'boss@example.com' });
      const { id } = (await t.db('users').where({ username: 'boss' }).first('id')) as {
        id: number;
      };
      await createTokensRepo(t.db).insert({
        kind: 'password_reset',
        token_hash: hash,
        user_id: Number(id),
        email: 'boss@example.com',
        language: 'en',
        created_at: new Date().toISOString(),
        expires_at: new Date(Date.now() + 3_600_000).toISOString(),
      });
      await request(t.app).post('/api/auth/password-reset/check').send({ token }).expect(200);
    } finally {
      await t.close();
    }

    expect(admin(dir, ['reset-password', 'boss'], 'second-password-2\n').code).toBe(0);

    t = await createTestApp({ ADMIN_USERNAME: '', ADMIN_PASSWORD: '' }, dir);
    try {
      await request(t.app).post('/api/auth/password-reset/check').send({ token }).expect(400);
      await request(t.app)
        .post('/api/auth/password-reset/confirm')
        .send({ token, password: 'taken-over-password' })
        .expect(400);
      await request(t.app)
        .post('/api/auth/login')
        .send({ username: 'boss', password: 'second-password-2' })
        .expect(200);
    } finally {
      await t.close();
    }
  });

  it('resets two-factor sign-in as an admin does on the web: every session ends', async () => {
    const dir = await site();
    expect(admin(dir, ['create', 'boss'], 'first-password-1\n').code).toBe(0);
    // Signed in at the desk and on a laptop: each session's cookie, kept across restarts.
    const cookies: string[] = [];
    let t = await createTestApp({ ADMIN_USERNAME: '', ADMIN_PASSWORD: '' }, dir);
    try {
      for (let i = 0; i < 2; i++) {
        const res = await request(t.app)
          .post('/api/auth/login')
          .send({ username: 'boss', password: 'first-password-1' })
          .expect(200);
        cookies.push(String(res.headers['set-cookie']?.[0]).split(';')[0]!);
        await request(t.app).get('/api/auth/profile').set('Cookie', cookies[i]!).expect(200);
      }
      // Two-factor sign-in turned on after both signed in; then the phone and its codes are lost.
      await t.db('users').where({ username: 'boss' }).update({ totp_secret: 'JBSWY3DPEHPK3PXP' });
    } finally {
      await t.close();
    }

    expect(admin(dir, ['reset-2fa', 'BOSS'])).toMatchObject({
      code: 0,
      out:
        `Two-factor sign-in of "BOSS" turned off (sqlite: ${dir}/site.db); 2 signed-in ` +
        'session(s) ended. They sign in with their password alone.',
    });
    // Nothing left to reset: said so, nothing recorded.
    expect(admin(dir, ['reset-2fa', 'boss'])).toMatchObject({
      code: 1,
      err: 'Error: Two-factor sign-in is not on',
    });

    t = await createTestApp({ ADMIN_USERNAME: '', ADMIN_PASSWORD: '' }, dir);
    try {
      for (const cookie of cookies) {
        await request(t.app).get('/api/auth/profile').set('Cookie', cookie).expect(401);
      }
      expect(await t.db('user_sessions').count({ n: '*' })).toEqual([{ n: 0 }]);
      expect(await t.db('audit_log').where({ action: 'account.two_factor_reset' })).toHaveLength(1);
    } finally {
      await t.close();
    }
  });

  it('refuses weak passwords, unknown users and bad usage', async () => {
    const dir = await site();
    expect(admin(dir, ['create', 'boss'], 'short\n')).toMatchObject({
      code: 1,
      err: 'Error: Password must be at least 10 characters',
    });
    expect(admin(dir, ['create', 'boss'], 'password123\n')).toMatchObject({
      code: 1,
      err: 'Error: This password is one of the most common ones and easy to guess. Please choose another.',
    });
    expect(admin(dir, ['reset-password', 'ghost'], 'long-enough-123\n')).toMatchObject({
      code: 1,
      err: 'Error: No account with this username',
    });
    for (const args of [['delete'], ['role', 'boss'], ['list', 'boss'], ['promote', 'boss']]) {
      const usage = admin(dir, args, '');
      expect(usage.code, args.join(' ')).toBe(2);
      expect(usage.err).toMatch(/^Usage:/);
    }
  });

  it('lists the accounts, gives one a role and deletes it, keeping the last admin', async () => {
    const dir = await site();
    expect(admin(dir, ['list'], '')).toMatchObject({
      code: 0,
      out: `No accounts yet.\n(sqlite: ${dir}/site.db)`,
    });
    expect(admin(dir, ['create', 'boss'], 'first-password-1\n').code).toBe(0);
    expect(admin(dir, ['create', 'writer'], 'second-password-2\n').code).toBe(0);
    expect(admin(dir, ['role', 'writer', 'editor'])).toMatchObject({
      code: 0,
      out: `"writer" is now editor (sqlite: ${dir}/site.db).`,
    });
    expect(admin(dir, ['role', 'writer', 'owner'])).toMatchObject({
      code: 1,
      err: 'Error: Choose one of the roles',
    });
    expect(admin(dir, ['role', 'boss', 'sales'])).toMatchObject({
      code: 1,
      err: expect.stringMatching(/^Error: The last active administrator cannot be demoted/),
    });
    expect(admin(dir, ['delete', 'boss']).code).toBe(1);
    const list = admin(dir, ['list'], '');
    expect(list.code).toBe(0);
    const lines = list.out.split('\n');
    expect(lines[0]).toMatch(/^username\s+role\s+state\s+two-factor\s+e-mail\s+last sign-in$/);
    expect(lines.at(-1)).toBe(`(sqlite: ${dir}/site.db)`);
    expect(lines.slice(1, -1).map((l) => l.split(/\s+/).slice(0, 4))).toEqual([
      ['boss', 'admin', 'active', 'off'],
      ['writer', 'editor', 'active', 'off'],
    ]);

    const t = await createTestApp({ ADMIN_USERNAME: '', ADMIN_PASSWORD: '' }, dir);
    try {
      const writer = request.agent(t.app);
      await writer
        .post('/api/auth/login')
        .send({ username: 'writer', password: 'second-password-2' })
        .expect(200);
      await writer.get('/api/news/admin').expect(200);
      await t.close();
      expect(admin(dir, ['delete', 'WRITER'])).toMatchObject({
        code: 0,
        out: `Account "writer" deleted (sqlite: ${dir}/site.db); its sessions ended.`,
      });
      expect(admin(dir, ['delete', 'writer'])).toMatchObject({
        code: 1,
        err: 'Error: No account with this username',
      });
      const trail = spawnSync(
        'sqlite3',
        [`${dir}/site.db`, 'select action, summary from audit_log'],
        {
          encoding: 'utf8',
        },
      ).stdout;
      // Every account the command line made is on record, as its other changes are.
      expect(trail).toContain('user.created|boss (command line)');
      expect(trail).toContain('user.created|writer (command line)');
      expect(trail).toContain('user.role_changed|writer: admin -> editor');
      expect(trail).toContain('user.deleted|writer (editor)');
    } finally {
      await t.close().catch(() => undefined);
    }
  });

  it('says how many open enquiries a role change or a deletion gave back', async () => {
    const dir = await site();
    expect(admin(dir, ['create', 'boss'], 'first-password-1\n').code).toBe(0);
    for (const name of ['seller', 'closer']) {
      expect(admin(dir, ['create', name], 'second-password-2\n').code).toBe(0);
      expect(admin(dir, ['role', name, 'sales']).code).toBe(0);
    }
    const db = createDb({ dataDir: dir, databaseUrl: undefined });
    try {
      const owners = await db('users')
        .whereIn('username', ['seller', 'closer'])
        .select('id', 'username');
      const idOf = (name: string) => owners.find((u) => u.username === name)!.id as number;
      const enquiry = (owner: string, replied: boolean) => ({
        name: 'Ana',
        email: 'ana@example.pt',
        message: 'Preciso de um orçamento, obrigado.',
        language: 'pt',
        read: false,
        spam: false,
        created_at: new Date().toISOString(),
        due_at: new Date(Date.now() + 86_400_000).toISOString(),
        replied_at: replied ? new Date().toISOString() : null,
        assignee_id: idOf(owner),
      });
      // One open and one answered for the seller; two open for the closer.
      await db('contacts').insert([
        enquiry('seller', false),
        enquiry('seller', true),
        enquiry('closer', false),
        enquiry('closer', false),
      ]);
    } finally {
      await db.destroy();
    }
    expect(admin(dir, ['role', 'seller', 'editor'])).toMatchObject({
      code: 0,
      out:
        `"seller" is now editor (sqlite: ${dir}/site.db).\n` +
        '1 open enquiry went back to the unassigned list.',
    });
    expect(admin(dir, ['delete', 'closer'])).toMatchObject({
      code: 0,
      out:
        `Account "closer" deleted (sqlite: ${dir}/site.db); its sessions ended.\n` +
        '2 open enquiries went back to the unassigned list.',
    });
    // Nothing to give back: nothing said.
    expect(admin(dir, ['role', 'seller', 'sales']).out).toBe(
      `"seller" is now sales (sqlite: ${dir}/site.db).`,
    );
  });

  it("acts on no folder without the site's database and says where it looked; create makes one, saying so", () => {
    const refusal = (file: string, from: string) =>
      `Error: No site database at ${file} (${from}), and this command creates none. Run it with ` +
      "the site's settings, as its systemd unit has them: DATA_DIR set to the site's data folder " +
      "(or DATABASE_URL), for example node --env-file=<the site's environment file> " +
      'dist/server/cli/admin.js …; on a new site, start the server once first, or create its ' +
      'first admin.';
    // DATA_DIR pointing at an empty folder (a mistyped path, a new disk).
    const empty = tempDataDir();
    dirs.push(empty);
    for (const [args, stdin] of [
      [['list'], ''],
      [['reset-password', 'alice'], 'second-password-2\n'],
    ] as const) {
      expect(admin(empty, [...args], stdin), args[0]).toEqual({
        code: 1,
        out: '',
        err: refusal(path.join(empty, 'site.db'), `DATA_DIR=${empty}`),
      });
    }
    expect(readdirSync(empty)).toEqual([]);
    // Run as another user or without the unit's environment file: no DATA_DIR, so ./data.
    const checkout = tempDataDir();
    dirs.push(checkout);
    expect(admin(null, ['list'], '', checkout)).toEqual({
      code: 1,
      out: '',
      err: refusal(path.join(checkout, 'data', 'site.db'), 'DATA_DIR is not set: ./data'),
    });
    expect(existsSync(path.join(checkout, 'data'))).toBe(false);
    // A new site's first admin, before its first start (the quick start, a provisioning script):
    // the database is made, and the first line says so and where.
    const made = path.join(checkout, 'data', 'site.db');
    expect(admin(null, ['create', 'alice'], 'first-password-1\n', checkout)).toEqual({
      code: 0,
      out:
        `A new site database was made (sqlite: ${made}).\n` +
        `Admin "alice" created (sqlite: ${made}). Sign in at /login.`,
      err: '',
    });
    expect(admin(null, ['list', '--init'], '', checkout).code).toBe(2);
    expect(admin(null, ['create', 'bob', '--init'], 'second-password-2\n', checkout)).toEqual({
      code: 0,
      out: `Admin "bob" created (sqlite: ${made}). Sign in at /login.`,
      err: '',
    });
  });

  it('says how to make a DATA_DIR it cannot make: the unit makes it at its first start', () => {
    // systemd makes /var/lib/forge-site (StateDirectory=) when the unit first starts; before,
    // the site's user may not make it, and create answered a bare EACCES. A folder that cannot be
    // made for anyone: DATA_DIR through a link to a disk that is not mounted (ENOENT); and, when
    // the tests do not run as root (who may write anywhere), in a folder the user may not write.
    const parent = tempDataDir();
    dirs.push(parent);
    const runner = process.getuid!();
    const cases: [string, string][] = [];
    symlinkSync(path.join(parent, 'unmounted', 'forge-site'), path.join(parent, 'linked'));
    cases.push([path.join(parent, 'linked'), 'ENOENT: no such file or directory']);
    if (runner !== 0) {
      mkdirSync(path.join(parent, 'var-lib'), { mode: 0o555 });
      cases.push([path.join(parent, 'var-lib', 'forge-site'), 'EACCES: permission denied']);
    }
    const user = runner === 0 ? "<the site's user>" : userName(runner);
    for (const [dataDir, cause] of cases) {
      expect(admin(dataDir, ['create', 'alice'], 'first-password-1\n')).toEqual({
        code: 1,
        out: '',
        err:
          `Error: DATA_DIR ${dataDir} cannot be made or opened (${cause}, mkdir '${dataDir}'). ` +
          "On a production install systemd makes it for the site's user when the unit first " +
          'starts (StateDirectory=): start the site once first (systemctl start forge-site, or ' +
          'forge-site@<port>), then run this command again; or make it for ' +
          `${user} first: sudo install -d -o ${user} -m 0700 ${dataDir}`,
      });
    }
    if (runner !== 0) chmodSync(path.join(parent, 'var-lib'), 0o755);
  });
});
