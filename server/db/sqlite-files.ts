import { accessSync, constants, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { SESSIONS_FILE } from './session-store';

/**
 * SQLite maps each database's `-shm` file into memory. If that file is not
 * an ordinary file this process can read and write (wrong owner after a
 * restore as root, a directory in its place, a broken mount), SQLite either
 * fails obscurely or, when the mapping cannot be backed, the kernel kills
 * the process with SIGBUS, which no handler can log. So before opening, every
 * file of both databases, and the folder, is checked; a problem stops the
 * start with one line that names the file and what to do.
 */
export class SqliteFilesError extends Error {
  override name = 'SqliteFilesError';
}

const SUFFIXES = ['', '-wal', '-shm'];

export function checkSqliteFiles(dataDir: string): void {
  try {
    statSync(dataDir);
  } catch {
    return; // created on first start
  }
  try {
    accessSync(dataDir, constants.R_OK | constants.W_OK | constants.X_OK);
  } catch {
    throw new SqliteFilesError(
      `${dataDir} is not writable by this process: fix its owner or permissions and start again`,
    );
  }
  for (const base of ['site.db', SESSIONS_FILE]) {
    for (const suffix of SUFFIXES) {
      const file = path.join(dataDir, `${base}${suffix}`);
      let isFile: boolean;
      try {
        isFile = statSync(file).isFile();
      } catch {
        continue; // absent: SQLite creates it
      }
      if (!isFile) {
        throw new SqliteFilesError(
          `${file} is not a regular file: stop the server, move it away and start again`,
        );
      }
      try {
        accessSync(file, constants.R_OK | constants.W_OK);
      } catch {
        throw new SqliteFilesError(
          `${file} is not readable and writable by this process: fix its owner or permissions ` +
            '(it must belong to the user the server runs as) and start again',
        );
      }
    }
  }
}

/**
 * The uploads of a SQLite site, DATA_DIR/media: a folder per upload holding
 * its variants. The server must be able to read every file (or the upload
 * is served as an error) and write every folder (new variants, deletions).
 * A restore run as root used to leave them root's and owner-only, and every
 * image failed while the site seemed to run; so a start with such a file
 * stops with one line naming it, as for the database files. A restore or a
 * `chown` leaves every upload alike, so the folder and its first
 * SAMPLED_UPLOADS uploads are checked, not all: a site with years of
 * uploads starts as fast as a new one.
 */
export function checkMediaFiles(dataDir: string): void {
  const media = path.join(dataDir, 'media');
  const refuse = (file: string) =>
    new SqliteFilesError(
      `${file} is not readable and writable by this process: fix the owner or permissions of ` +
        `${media} and everything in it (it must all belong to the user the server runs as) ` +
        'and start again',
    );
  const walk = (folder: string, sampled: number) => {
    try {
      accessSync(folder, constants.R_OK | constants.W_OK | constants.X_OK);
    } catch {
      throw refuse(folder);
    }
    const entries = readdirSync(folder, { withFileTypes: true }).slice(0, sampled);
    for (const entry of entries) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(full, Infinity);
      else {
        try {
          accessSync(full, constants.R_OK);
        } catch {
          throw refuse(full);
        }
      }
    }
  };
  let isFolder: boolean;
  try {
    isFolder = statSync(media).isDirectory();
  } catch {
    return; // created by the first upload
  }
  if (!isFolder) {
    throw new SqliteFilesError(
      `${media} is not a folder: stop the server, move it away and start again`,
    );
  }
  walk(media, SAMPLED_UPLOADS);
}

/** How many of the uploads' folders a start looks into. */
const SAMPLED_UPLOADS = 16;
