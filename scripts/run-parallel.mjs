// `npm run check` and `npm run typecheck`: runs the npm scripts named on the command line side by
// side, one per core, each one's output printed whole when it ends (never interleaved). Exits 1
// when any failed, after all have run, naming them.
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';

const scripts = process.argv.slice(2);
if (scripts.length === 0) {
  console.error('Usage: node scripts/run-parallel.mjs <npm script>...');
  process.exit(2);
}

function run(script) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn('npm', ['run', '--silent', script], {
      stdio: ['ignore', 'pipe', 'pipe'],
      shell: process.platform === 'win32',
    });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (code, signal) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      const ok = code === 0;
      process.stdout.write(`${ok ? '✓' : '✗'} ${script} (${seconds} s)\n`);
      if (output.length > 0) process.stdout.write(Buffer.concat(output));
      resolve(ok ? null : `${script} (${signal ?? `exit ${code}`})`);
    });
  });
}

const queue = [...scripts];
const failed = [];
const lane = async () => {
  for (let script = queue.shift(); script; script = queue.shift()) {
    const failure = await run(script);
    if (failure) failed.push(failure);
  }
};
const lanes = Math.max(1, Math.min(availableParallelism(), scripts.length));
await Promise.all(Array.from({ length: lanes }, lane));
if (failed.length > 0) {
  console.error(`Failed: ${failed.join(', ')}`);
  process.exit(1);
}
