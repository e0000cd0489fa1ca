import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
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

export default defineConfig({
  main: {
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
    plugins: [react(), tailwindcss()],
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
