import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

/**
 * Browser bundles: the public site's client entry (hydrates the server-rendered
 * pages) and the admin dashboard, a separate entry so public pages never
 * download admin code. The server-side render bundle is built with `--ssr`.
 */
export default defineConfig({
  root: 'web',
  publicDir: 'public',
  plugins: [react(), tailwindcss()],
  build: {
    outDir: '../dist/client',
    emptyOutDir: true,
    manifest: true,
    sourcemap: true,
    rollupOptions: {
      input: {
        site: 'web/site/entry-client.tsx',
        admin: 'web/admin/index.html',
      },
    },
  },
  ssr: {
    noExternal: ['react-markdown', 'remark-breaks'],
  },
});
