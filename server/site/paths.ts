import path from 'node:path';
import { PROJECT_ROOT as root } from '../project-root';

/** Where the built web bundles live (`npm run build`). */

export const DIST_CLIENT = path.join(root, 'dist/client');
export const DIST_SSR_ENTRY = path.join(root, 'dist/ssr/entry-server.cjs');
export const VITE_MANIFEST = path.join(DIST_CLIENT, '.vite/manifest.json');
export const ADMIN_HTML = path.join(DIST_CLIENT, 'admin/index.html');
/** Manifest key of the public site's browser entry (relative to the Vite root `web`). */
export const CLIENT_ENTRY = 'site/entry-client.tsx';
/** Manifest key of the script that loads the entry after the first paint. */
export const BOOT_ENTRY = 'site/hydrate-on-intent.ts';
