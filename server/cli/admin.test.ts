import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import { BUILT_ADMIN_CLI, createTestApp, tempDataDir } from '../../tests/support/test-app';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function admin(dataDir: string, args: string[], stdin: string) {
  const result = spawnSync(process.execPath, [BUILT_ADMIN_CLI, ...args], {
    env: { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: dataDir },
    input: stdin,
    encoding: 'utf8',
    timeout: 30_000,
  });
  return { code: result.status, out: result.stdout.trim(), err: result.stderr.trim() };
}

describe('npm run admin', () => {
  it('creates an admin and resets a password, reading it from stdin', async () => {
    const dir = tempDataDir();
    dirs.push(dir);
    expect(admin(dir, ['create', 'boss'], 'first-password-1\n')).toMatchObject({
      code: 0,
      out: 'Admin "boss" created. Sign in at /login.',
    });
    expect(admin(dir, ['create', 'boss'], 'first-password-1\n')).toMatchObject({
      code: 1,
      err: 'Error: This username is already taken',
    });
    expect(admin(dir, ['reset-password', 'boss'], 'second-password-2\n')).toMatchObject({
      code: 0,
      out: 'Password of "boss" changed; 0 signed-in session(s) ended.',
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
      expect(res.body.data.user).toEqual({ username: 'boss', is_admin: true, role: 'admin' });
    } finally {
      await t.close();
    }
  });

  it('refuses weak passwords, unknown users and bad usage', () => {
    const dir = tempDataDir();
    dirs.push(dir);
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
    const usage = admin(dir, ['delete', 'boss'], '');
    expect(usage.code).toBe(2);
    expect(usage.err).toMatch(/^Usage:/);
  });
});
