import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';

/**
 * Stops a process (SIGSTOP) and resolves once it has stopped. The kernel
 * delivers the signal soon, not at once: a process still running on
 * another core for those microseconds could accept and answer a request
 * the test meant to leave waiting in the kernel. Linux: reads the state
 * from /proc (`T`, stopped).
 */
export async function pause(child: ChildProcess): Promise<void> {
  child.kill('SIGSTOP');
  const until = Date.now() + 5_000;
  while (Date.now() < until) {
    const stat = readFileSync(`/proc/${child.pid}/stat`, 'utf8');
    // The state follows the command name, which is in parentheses.
    if (stat.slice(stat.lastIndexOf(')') + 2).startsWith('T')) return;
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
  throw new Error(`process ${child.pid} did not stop`);
}
