import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import type { ChildProcess } from 'node:child_process';
import { spawnInOwnSession } from '../../../bench/server-process';

/** A process's session id, from /proc (Linux). */
const sessionOf = (pid: number) =>
  Number(readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')[3]);

const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
});

describe("the bench's servers", () => {
  it('run in a session of their own, apart from the load generator, and stop with the bench', async () => {
    const exitListeners = process.listenerCount('exit');
    const child = spawnInOwnSession('sleep', ['30'], { stdio: 'ignore' });
    children.push(child);
    await new Promise((resolve) => child.once('spawn', resolve));

    expect(sessionOf(child.pid!)).toBe(child.pid);
    expect(sessionOf(child.pid!)).not.toBe(sessionOf(process.pid));
    // Stopped when the bench exits, and no longer asked once it has stopped.
    expect(process.listenerCount('exit')).toBe(exitListeners + 1);
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    expect(process.listenerCount('exit')).toBe(exitListeners);
  });
});
