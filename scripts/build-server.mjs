// `npm run build:server`: bundles the server, its migrations and the admin CLI into dist/server
// as plain JavaScript, so production runs `node dist/server/index.js` with no TypeScript tooling.
// Our own code (server, shared, migrations, the locale catalogues) and the packages it uses are
// bundled; native modules and the few packages that read files beside themselves stay in
// node_modules.
//
// It is built in dist/server.next and only then put in place of dist/server
// (scripts/replace-folder.mjs): an upgrade builds while the servers of the previous release still
// run, and an admin command or backup may start meanwhile; built in place, dist/server was gone
// for the whole build.
import { build } from 'esbuild';
import { rmSync } from 'node:fs';
import { rewriteAsAscii } from './ascii-only.mjs';
import { recordBuild } from './build-stamp.mjs';
import { replaceFolder } from './replace-folder.mjs';
import { warmCompileCache } from './warm-compile-cache.mjs';

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

const OUT = 'dist/server.next';
rmSync(OUT, { recursive: true, force: true });
const common = {
  bundle: true,
  platform: 'node',
  target: 'node22.12',
  // Packages are bundled too: a few files to read instead of hundreds to
  // resolve and (for CommonJS ones) lex, a third less CPU before the first page.
  external: OUTSIDE,
  sourcemap: true,
  logLevel: 'warning',
};
// The server: one CommonJS file, kept compiled by Node's compile cache
// (server/boot/compile-cache.ts). Its lazily loaded parts (the language-model
// SDK, mail) are inside it, evaluated on first use.
await build({
  ...common,
  entryPoints: { server: 'server/index.ts' },
  outdir: OUT,
  outExtension: { '.js': '.cjs' },
  format: 'cjs',
  // The one ES module idiom the server uses, for the path of its own file.
  define: { 'import.meta.url': '__importMetaUrl' },
  banner: { js: "const __importMetaUrl = require('node:url').pathToFileURL(__filename).href;" },
});
rewriteAsAscii(`${OUT}/server.cjs`);
// Its entry, `dist/server/index.js`, runs it; and the admin CLIs, as ES modules sharing chunks.
await build({
  ...common,
  entryPoints: {
    index: 'server/boot/launch.ts',
    'cli/admin': 'server/cli/admin.ts',
    'cli/backup': 'server/cli/backup.ts',
    'cli/db-copy': 'server/cli/db-copy.ts',
  },
  outdir: OUT,
  splitting: true,
  format: 'esm',
  banner: { js: REQUIRE_SHIM },
  chunkNames: 'chunks/[name]-[hash]',
});
replaceFolder(OUT, 'dist/server');
// The compile cache of the server and of the render bundle, filled by serving a few pages. Node
// keys it by the file's path: filled only once the build is in its place.
rmSync('dist/compile-cache', { recursive: true, force: true });
await warmCompileCache();
recordBuild('server');
