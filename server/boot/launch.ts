import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { enableCompileCache } from './compile-cache';

/**
 * The entry of the built server, `dist/server/index.js` (what
 * scripts/serve.sh runs): turns on Node's compile cache, then runs the
 * server itself, one CommonJS bundle beside it (`server.cjs`, from
 * server/index.ts).
 */
const here = path.dirname(fileURLToPath(import.meta.url));
enableCompileCache(path.dirname(here));
createRequire(import.meta.url)(path.join(here, 'server.cjs'));
