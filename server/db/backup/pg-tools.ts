import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * A PostgreSQL client tool (pg_dump, pg_restore): the newest under
 * /usr/lib/postgresql (Debian keeps one per server version there, and a
 * dump must be made by a pg_dump at least as new as the server), else PATH.
 */
export function pgTool(name: 'pg_dump' | 'pg_restore'): string {
  const root = '/usr/lib/postgresql';
  if (existsSync(root)) {
    const versions = readdirSync(root)
      .filter((v) => /^\d+$/.test(v))
      .sort((a, b) => Number(b) - Number(a));
    for (const v of versions) {
      const candidate = path.join(root, v, 'bin', name);
      if (existsSync(candidate)) return candidate;
    }
  }
  return name;
}

/**
 * How a tool reaches `url` without the password on its command line, where
 * every account on the machine can read it (`ps`, /proc): the URL without
 * its password for `--dbname`, and the password in `PGPASSWORD`, which only
 * the process's own user can see. A URL without a password leaves
 * PGPASSWORD and ~/.pgpass to libpq, as they were.
 */
export function pgToolConnection(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = parsed.password
    ? decodeURIComponent(parsed.password)
    : (parsed.searchParams.get('password') ?? undefined);
  parsed.password = '';
  parsed.searchParams.delete('password');
  return {
    dbname: parsed.toString(),
    env: password === undefined ? process.env : { ...process.env, PGPASSWORD: password },
  };
}

/** Runs a tool against `url`; on failure, the last lines of its stderr (which never hold the URL). */
export async function runPgTool(name: 'pg_dump' | 'pg_restore', args: string[], url: string) {
  const { dbname, env } = pgToolConnection(url);
  try {
    await run(pgTool(name), [...args, '--dbname', dbname], {
      env,
      maxBuffer: 16 * 1024 * 1024,
    });
  } catch (error) {
    const e = error as { code?: string; stderr?: string };
    if (e.code === 'ENOENT') throw new Error(`${name} not found: install the PostgreSQL client`);
    throw new Error(`${name} failed: ${(e.stderr ?? '').trim().split('\n').slice(-3).join(' ')}`);
  }
}
