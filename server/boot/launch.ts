import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { requireWithCodeCache } from './code-cache';

/**
 * The entry of the built server, `dist/server/index.js` (what
 * scripts/serve.sh runs): the server itself is one CommonJS bundle beside it
 * (`server.cjs`, from server/index.ts), run with V8's code cache that its
 * build made (scripts/warm-code-cache.mjs; decision 022).
 */
const here = path.dirname(fileURLToPath(import.meta.url));
requireWithCodeCache(path.join(here, 'server.cjs'));
