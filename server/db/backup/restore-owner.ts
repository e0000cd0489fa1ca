import { chownSync, lstatSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { restoreCommand } from '../../operator-commands';

/** Who DATA_DIR belongs to, so that what a restore writes there can belong to the same. */
export type Owner = { uid: number; gid: number; name: string };

/** The account name of `uid` (from /etc/passwd), or `uid <n>` when it has none. */
export function userName(uid: number): string {
  try {
    for (const line of readFileSync('/etc/passwd', 'utf8').split('\n')) {
      const [name, , id] = line.split(':');
      if (name && id && Number(id) === uid) return name;
    }
  } catch {
    // No passwd file (a container, another system): the number is all there is.
  }
  return `uid ${uid}`;
}

/**
 * What a restore into `dataDir` must do about ownership, decided before it
 * changes anything. The server runs as DATA_DIR's owner (the forge user) and
 * its files are owner-only (0600, folders 0700), so every file a restore
 * writes must be that user's, or the server cannot read the restored
 * database or serve a single upload.
 * - DATA_DIR absent (created by the restore) or the runner's own: null, nothing to do.
 * - The runner is root: DATA_DIR's owner, to give every restored file to
 *   (root can, and stopping the site already needed root).
 * - Anyone else: refused, naming the user and the command to run instead.
 */
export function restoreOwner(
  dataDir: string,
  backupDir: string,
  runner: number | undefined = process.getuid?.(),
): Owner | null {
  if (runner === undefined) return null; // Windows: no owners to match
  let uid: number;
  let gid: number;
  try {
    ({ uid, gid } = statSync(dataDir));
  } catch {
    return null;
  }
  if (uid === runner) return null;
  const name = userName(uid);
  if (runner === 0) return { uid, gid, name };
  throw new Error(
    `${dataDir} belongs to ${name}, not to ${userName(runner)} who runs this restore: ` +
      `the server, running as ${name}, could not read the files it would write. ` +
      `Run it as ${name}, with the site's environment: ${restoreCommand(backupDir, name)}. ` +
      'Nothing was changed.',
  );
}

/** Gives `target`, and everything under it when it is a folder, to `owner`. */
export function giveTo(owner: Owner, target: string): void {
  const stat = lstatSync(target);
  if (stat.isSymbolicLink()) return; // a restore writes none; never follow one out of DATA_DIR
  if (stat.isDirectory()) {
    for (const entry of readdirSync(target)) giveTo(owner, path.join(target, entry));
  }
  chownSync(target, owner.uid, owner.gid);
}
