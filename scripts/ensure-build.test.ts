import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BUILDS, recordBuild } from './build-stamp.mjs';

const SCRIPT = path.resolve('scripts/ensure-build.mjs');
const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

function write(root: string, file: string, text: string) {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), text);
}

/** A project with sources and both builds, as a fresh build leaves it. */
function builtProject() {
  const root = mkdtempSync(path.join(tmpdir(), 'ensure-build-'));
  roots.push(root);
  write(root, 'server/app.ts', 'export const s = 1;');
  write(root, 'web/site/page.tsx', 'export const a = 1;');
  for (const build of Object.values(BUILDS))
    for (const file of build.outputs) write(root, file, '');
  recordBuild('web', root);
  recordBuild('server', root);
  return root;
}

/** `node scripts/ensure-build.mjs --check` in `root`, as a systemd unit's ExecStartPre runs it. */
const check = (root: string) =>
  spawnSync(process.execPath, [SCRIPT, '--check'], { cwd: root, encoding: 'utf8' });

describe('ensure-build --check (the systemd units)', () => {
  it('lets a current build start', () => {
    const result = check(builtProject());
    expect([result.status, result.stderr]).toEqual([0, '']);
  });

  it('refuses a build older than its sources, building nothing, and says what to run', () => {
    const root = builtProject();
    write(root, 'server/app.ts', 'export const s = 2; // the next release');
    const result = check(root);
    expect(result.status).toBe(1);
    expect(result.stderr).toBe(
      'The server build in dist/ is missing or older than its sources. Run `bash scripts/install.sh` ' +
        '(after a git pull too), then start again.\n',
    );
    expect(result.stderr).not.toMatch(/Building/);
  });
});
