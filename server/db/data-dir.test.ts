import { chmodSync, mkdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, tempDataDir } from '../../tests/support/test-app';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const mode = (file: string) => statSync(file).mode & 0o777;

describe('DATA_DIR', () => {
  it('is created owner-only (0700), with the session secret 0600', async () => {
    const parent = tempDataDir();
    dirs.push(parent);
    chmodSync(parent, 0o755);
    const dataDir = path.join(parent, 'nested', 'data');
    const t = await createTestApp({}, dataDir);
    await t.close();
    expect(mode(dataDir)).toBe(0o700);
    expect(mode(path.join(dataDir, 'session-secret'))).toBe(0o600);
  });

  it('made 0755 by an earlier release is tightened to 0700 at start', async () => {
    const dataDir = tempDataDir();
    dirs.push(dataDir);
    chmodSync(dataDir, 0o755);
    mkdirSync(path.join(dataDir, 'media'));
    const t = await createTestApp({}, dataDir);
    await t.close();
    expect(mode(dataDir)).toBe(0o700);
  });
});
