// `npm run build:server`: bundles the server, its migrations and the admin CLI into dist/server
// as plain JavaScript, so production runs `node dist/server/index.js` with no TypeScript tooling.
// Packages stay external (they are in node_modules; sqlite3 and sharp are native), our own code
// (server, shared, migrations, the locale catalogues) is bundled.
import { build } from 'esbuild';
import { rmSync } from 'node:fs';
import { recordBuild } from './build-stamp.mjs';

rmSync('dist/server', { recursive: true, force: true });
await build({
  entryPoints: {
    index: 'server/index.ts',
    'cli/admin': 'server/cli/admin.ts',
    'cli/backup': 'server/cli/backup.ts',
    'cli/db-copy': 'server/cli/db-copy.ts',
  },
  outdir: 'dist/server',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20.19',
  packages: 'external',
  sourcemap: true,
  chunkNames: 'chunks/[name]-[hash]',
  logLevel: 'warning',
});
recordBuild('server');
