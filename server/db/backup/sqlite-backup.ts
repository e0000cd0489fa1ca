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

/**
 * Copies a live SQLite database to `target` with SQLite's online backup API
 * (sqlite3's `Database#backup`): a consistent snapshot taken while the site
 * keeps serving, unlike copying the file and its WAL by hand.
 */
export async function backupSqlite(source: string, target: string): Promise<void> {
  const db = await new Promise<WithBackup>((resolve, reject) => {
    const opened = new sqlite3.Database(source, sqlite3.OPEN_READONLY, (err) =>
      err ? reject(err) : resolve(opened as WithBackup),
    );
  });
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
    await new Promise<void>((resolve) => db.close(() => resolve()));
  }
}
