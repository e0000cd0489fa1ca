import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import type { Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

/**
 * The desktop app: main process and preload from `electron/`, and as the
 * renderer the very same admin dashboard as `/admin` (`web/admin/index.html`),
 * plus the small setup page. Output goes to `out/`.
 *
 * Main and preload bundle their dependencies (electron-updater, zod, i18next)
 * so the packaged app ships `out/**` only, not the server's node_modules.
 * The preload is CommonJS because sandboxed preloads cannot be ES modules.
 */
const root = import.meta.dirname;

/**
 * Writes `out/package.json`, the packaged app's own manifest (electron-builder
 * `directories.app: out`): name and version from the root package, entry
 * `main/index.js`, and no dependencies, because everything is bundled.
 */
function appManifest(): Plugin {
  return {
    name: 'desktop-app-manifest',
    apply: 'build',
    closeBundle() {
      const pkg = JSON.parse(readFileSync(resolve(root, 'package.json'), 'utf8'));
      const manifest = {
        name: 'forge-admin',
        productName: 'Forge Admin',
        version: pkg.version,
        description: 'Desktop admin for the company website: news and enquiries',
        author: 'Forge Industrial',
        license: 'UNLICENSED',
        private: true,
        type: 'module',
        main: 'main/index.js',
      };
      mkdirSync(resolve(root, 'out'), { recursive: true });
      writeFileSync(resolve(root, 'out/package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    },
  };
}

/**
 * electron-vite forces `base: './'` for file:// pages. Ours are served at
 * `app://admin/admin/…` (client-side routes), so asset URLs must be absolute.
 */
function absoluteBase(): Plugin {
  return { name: 'desktop-absolute-base', enforce: 'post', config: () => ({ base: '/' }) };
}

export default defineConfig({
  main: {
    plugins: [appManifest()],
    build: {
      externalizeDeps: false,
      sourcemap: true,
      rollupOptions: { input: { index: resolve(root, 'electron/main/index.ts') } },
    },
  },
  preload: {
    build: {
      externalizeDeps: false,
      rollupOptions: {
        input: { index: resolve(root, 'electron/preload/index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    // The project root, so both pages keep their paths: web/admin/index.html and electron/setup/index.html.
    root,
    publicDir: resolve(root, 'web/public'),
    plugins: [react(), tailwindcss(), absoluteBase()],
    build: {
      outDir: resolve(root, 'out/renderer'),
      emptyOutDir: true,
      sourcemap: true,
      rollupOptions: {
        input: {
          admin: resolve(root, 'web/admin/index.html'),
          setup: resolve(root, 'electron/setup/index.html'),
        },
      },
    },
  },
});
