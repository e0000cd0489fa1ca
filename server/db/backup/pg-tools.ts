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

/** Runs a tool against `url`; on failure, the last lines of its stderr (which never hold the URL). */
export async function runPgTool(name: 'pg_dump' | 'pg_restore', args: string[], url: string) {
  try {
    await run(pgTool(name), [...args, '--dbname', url], { maxBuffer: 16 * 1024 * 1024 });
  } catch (error) {
    const e = error as { code?: string; stderr?: string };
    if (e.code === 'ENOENT') throw new Error(`${name} not found: install the PostgreSQL client`);
    throw new Error(`${name} failed: ${(e.stderr ?? '').trim().split('\n').slice(-3).join(' ')}`);
  }
}
