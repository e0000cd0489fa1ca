import { randomBytes } from 'node:crypto';
import { chmodSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';
import { ensureDataDir } from './data-dir';

export const SECRET_FILE = 'session-secret';

/**
 * SESSION_SECRET when configured; otherwise a random secret generated once and
 * kept in DATA_DIR (mode 0600), so sessions survive restarts with nothing set.
 */
export function loadSessionSecret(config: Pick<Config, 'sessionSecret' | 'dataDir'>): string {
  if (config.sessionSecret) return config.sessionSecret;
  ensureDataDir(config.dataDir);
  const file = path.join(config.dataDir, SECRET_FILE);
  try {
    writeFileSync(file, randomBytes(48).toString('base64url') + '\n', { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  if ((statSync(file).mode & 0o077) !== 0) chmodSync(file, 0o600);
  const secret = readFileSync(file, 'utf8').trim();
  if (secret.length < 32)
    throw new Error(`${file} holds too short a secret; delete it to regenerate`);
  return secret;
}
