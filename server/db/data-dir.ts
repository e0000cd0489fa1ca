import { chmodSync, mkdirSync, statSync } from 'node:fs';

/**
 * DATA_DIR, created owner-only (0700): it holds password hashes, two-factor
 * keys, enquiries and the session secret, which no other account on the
 * machine may read. One made by an earlier release or by hand with the usual
 * 0755 is tightened when this process owns it (as the session secret's
 * file is); one owned by someone else is left as the operator made it.
 */
export function ensureDataDir(dataDir: string): void {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const { mode, uid } = statSync(dataDir);
  if ((mode & 0o077) !== 0 && uid === process.getuid?.()) chmodSync(dataDir, mode & 0o700);
}
