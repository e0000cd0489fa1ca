import sqlite3 from 'sqlite3';

type Backup = {
  step(pages: number, done: (err: Error | null) => void): void;
  finish(done?: (err: Error | null) => void): void;
  completed: boolean;
  failed: boolean;
};
type WithBackup = sqlite3.Database & {
  backup(file: string, done: (err: Error | null) => void): Backup;
};

const open = <T extends sqlite3.Database>(file: string, mode?: number) =>
  new Promise<T>((resolve, reject) => {
    const opened = new sqlite3.Database(file, mode ?? sqlite3.OPEN_READWRITE, (err) =>
      err ? reject(err) : resolve(opened as T),
    );
  });

const close = (db: sqlite3.Database) => new Promise<void>((resolve) => db.close(() => resolve()));

/**
 * Copies a live SQLite database to `target` with SQLite's online backup API
 * (sqlite3's `Database#backup`): a consistent snapshot taken while the site
 * keeps serving, unlike copying the file and its WAL by hand.
 */
export async function backupSqlite(source: string, target: string): Promise<void> {
  const db = await open<WithBackup>(source, sqlite3.OPEN_READONLY);
  try {
    const backup = await new Promise<Backup>((resolve, reject) => {
      const started = db.backup(target, (err) => (err ? reject(err) : resolve(started)));
    });
    // All pages in one step; a writer that commits meanwhile makes SQLite restart the copy.
    while (!backup.completed && !backup.failed) {
      await new Promise<void>((resolve, reject) =>
        backup.step(-1, (err) => (err ? reject(err) : resolve())),
      );
    }
    await new Promise<void>((resolve) => backup.finish(() => resolve()));
    if (backup.failed) throw new Error(`backup of ${source} failed`);
  } finally {
    await close(db);
  }
}

/**
 * Empties `tables` in a copy made by backupSqlite, leaving no trace of their
 * rows in the file: the copy leaves WAL mode (one file, nothing beside it),
 * and VACUUM rewrites it without the freed pages.
 */
export async function emptyTablesOfCopy(file: string, tables: string[]): Promise<void> {
  const db = await open(file);
  try {
    const deletes = tables.map((table) => `DELETE FROM "${table}";`).join(' ');
    await new Promise<void>((resolve, reject) =>
      db.exec(`PRAGMA journal_mode = DELETE; ${deletes} VACUUM;`, (err) =>
        err ? reject(err) : resolve(),
      ),
    );
  } finally {
    await close(db);
  }
}

/**
 * Throws unless `file` is a whole SQLite database (`PRAGMA quick_check`),
 * opened read-only: what a restore checks before it replaces the site's.
 */
export async function checkSqliteFile(file: string): Promise<void> {
  const db = await open(file, sqlite3.OPEN_READONLY);
  try {
    const verdict = await new Promise<string>((resolve, reject) =>
      db.get('PRAGMA quick_check', (err, row: Record<string, unknown> | undefined) =>
        err ? reject(err) : resolve(String(row?.quick_check ?? '')),
      ),
    );
    if (verdict !== 'ok') throw new Error(verdict);
  } finally {
    await close(db);
  }
}
