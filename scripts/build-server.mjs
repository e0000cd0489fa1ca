// `npm run build:server`: bundles the server, its migrations and the admin CLI into dist/server
// as plain JavaScript, so production runs `node dist/server/index.js` with no TypeScript tooling.
// Our own code (server, shared, migrations, the locale catalogues) and the packages it uses are
// bundled; native modules and the few packages that read files beside themselves stay in
// node_modules.
import { build } from 'esbuild';
import { rmSync } from 'node:fs';
import { recordBuild } from './build-stamp.mjs';

// Native modules, drivers knex names but we never load, and files read from disk.
const OUTSIDE = [
  'sqlite3',
  'sharp',
  'pg-native',
  'better-sqlite3',
  'mysql',
  'mysql2',
  'oracledb',
  'tedious',
  'pg-query-stream',
  'mariadb',
  // Reads its table.sql from beside its own file.
  'connect-pg-simple',
];
// Bundled CommonJS code calls require(), __filename and __dirname, which ESM lacks.
const REQUIRE_SHIM = [
  "import { createRequire as __createRequire } from 'node:module';",
  "import { fileURLToPath as __fileURLToPath } from 'node:url';",
  "import { dirname as __pathDirname } from 'node:path';",
  'const require = __createRequire(import.meta.url);',
  'const __filename = __fileURLToPath(import.meta.url);',
  'const __dirname = __pathDirname(__filename);',
].join('\n');

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
  // Packages are bundled too: a few files to read instead of hundreds to
  // resolve and (for CommonJS ones) lex, a third less CPU before the first page.
  external: OUTSIDE,
  banner: { js: REQUIRE_SHIM },
  sourcemap: true,
  chunkNames: 'chunks/[name]-[hash]',
  logLevel: 'warning',
});
recordBuild('server');
