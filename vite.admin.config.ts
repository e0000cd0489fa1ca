import { defineConfig } from 'vite';
import { browserBuild } from './vite.config';

/**
 * The admin dashboard (also the desktop renderer's code), built after the
 * public site into the same folder (`/admin` and its `/assets/…`), with a
 * manifest of its own. Built apart from the site so that no chunk of a
 * public page is shaped by the admin (see vite.config.ts).
 */
export default defineConfig(
  browserBuild({
    input: { admin: 'web/admin/index.html' },
    manifest: '.vite/admin-manifest.json',
    emptyOutDir: false,
    site: false,
  }),
);
