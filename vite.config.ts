import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import type { Plugin } from 'vite';
import { resolve } from 'node:path';
import { precompress } from './scripts/precompress.mjs';

/**
 * Sonner injects its stylesheet with a `<style>` element at import time, which
 * the CSP (`style-src 'self'`) blocks with a console error on every page. The
 * same rules ship as a file (web/common/toast.tsx imports it), so the
 * injection is switched off.
 */
function sonnerWithoutInlineStyles(): Plugin {
  return {
    name: 'sonner-without-inline-styles',
    transform(code, id) {
      if (!/[\\/]sonner[\\/]dist[\\/]index\.m?js$/.test(id)) return null;
      return code.replace("if (!code || typeof document == 'undefined') return", 'return');
    },
  };
}

/**
 * lucide-react's icon modules import `../createLucideIcon.mjs`; the web uses
 * a lighter one with the same API and markup (web/common/lucide-lite.ts).
 */
function lucideLite(): Plugin {
  const lite = resolve(import.meta.dirname, 'web/common/lucide-lite.ts');
  return {
    name: 'lucide-lite',
    enforce: 'pre',
    resolveId(source, importer) {
      if (
        source === '../createLucideIcon.mjs' &&
        importer &&
        /[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]/.test(importer)
      ) {
        return lite;
      }
      return null;
    },
  };
}

/** Brotli and gzip copies of the built browser files, written once at build time. */
function precompressed(): Plugin {
  let outDir = '';
  let ssr = false;
  return {
    name: 'precompressed-assets',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
      ssr = Boolean(config.build.ssr);
    },
    closeBundle() {
      if (!ssr) precompress(outDir);
    },
  };
}

/**
 * Browser bundles: the public site's client entry (hydrates the server-rendered
 * pages) and the admin dashboard, a separate entry so public pages never
 * download admin code. The server-side render bundle is built with `--ssr`.
 */
export default defineConfig({
  root: 'web',
  publicDir: 'public',
  plugins: [react(), tailwindcss(), sonnerWithoutInlineStyles(), lucideLite(), precompressed()],
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
  resolve: {
    alias: {
      'use-sync-external-store/shim/index.js': resolve(
        import.meta.dirname,
        'web/common/use-sync-external-store-shim.ts',
      ),
      'use-sync-external-store/shim': resolve(
        import.meta.dirname,
        'web/common/use-sync-external-store-shim.ts',
      ),
    },
  },
  ssr: {
    // Bundled rather than loaded from node_modules at start: lucide-react's
    // CommonJS entry alone holds every icon (its loading was a fifth of the
    // cold start); bundled, only the used ones remain.
    noExternal: ['react-markdown', 'remark-breaks', 'lucide-react'],
  },
});
