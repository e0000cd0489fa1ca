import { spawn, type ChildProcess } from 'node:child_process';
import { PROJECT_ROOT } from '../../server/project-root';

/**
 * Another process that opens a SQLite database with its own connection and
 * holds the write lock (`BEGIN IMMEDIATE`) until it is killed (by its PID).
 * Resolves once the lock is taken.
 */
export async function holdWriteLock(file: string): Promise<ChildProcess> {
  const script = `
    const sqlite3 = require('sqlite3');
    const db = new sqlite3.Database(process.argv[1]);
    db.exec('PRAGMA busy_timeout = 5000; BEGIN IMMEDIATE', (err) => {
      if (err) { console.error(err.message); process.exit(1); }
      console.log('locked');
    });
    setInterval(() => {}, 1000);`;
  const child = spawn(process.execPath, ['-e', script, file], {
    cwd: PROJECT_ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (d) => String(d).includes('locked') && resolve());
    child.once('exit', (code) => reject(new Error(`lock holder exited with ${code}`)));
  });
  return child;
}
