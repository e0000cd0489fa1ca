// `npm run dev`: the development loop. Vite rebuilds the site (browser and server-side bundles)
// and the admin on every change; the server (NODE_ENV=development, run from the TypeScript
// sources by tsx) restarts on every change of its own code. The server already picks up a
// rebuilt page bundle or asset manifest on the next request, so a browser reload shows the
// change. Ctrl-C stops them all.
import { spawn } from 'node:child_process';

const env = { ...process.env, NODE_ENV: 'development' };
const run = (name, args) => {
  const child = spawn('npx', args, { stdio: ['ignore', 'inherit', 'inherit'], env });
  child.on('exit', (code, signal) => {
    if (stopping) return;
    console.error(`[dev] ${name} stopped (${signal ?? code}); stopping the others`);
    stop(code ?? 1);
  });
  return child;
};

let stopping = false;
const children = [];
function stop(code = 0) {
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 500).unref();
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));

// The first builds must exist before the server renders a page.
const first = spawn('node', ['scripts/ensure-build.mjs'], { stdio: 'inherit', env });
first.on('exit', (code) => {
  if (code !== 0) process.exit(code ?? 1);
  children.push(
    run('client build', ['vite', 'build', '--watch', '--mode', 'development']),
    run('admin build', [
      'vite',
      'build',
      '--watch',
      '--mode',
      'development',
      '--config',
      'vite.admin.config.ts',
    ]),
    run('server-side page build', [
      'vite',
      'build',
      '--watch',
      '--mode',
      'development',
      '--ssr',
      'site/entry-server.tsx',
      '--outDir',
      '../dist/ssr',
    ]),
    run('server', ['tsx', 'watch', '--clear-screen=false', 'server/index.ts']),
  );
});
