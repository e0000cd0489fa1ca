import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import type { Plugin, UserConfig } from 'vite';
import { resolve } from 'node:path';
import { precompress, precompressFiles } from './scripts/precompress.mjs';
import { rewriteAsAscii } from './scripts/ascii-only.mjs';
import { sonnerWithoutInlineStyles } from './scripts/sonner-without-inline-styles.mjs';

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

/**
 * Brotli and gzip copies of the built browser files, written once at build
 * time: of everything in the output folder (the site's build, which also
 * copies web/public), or only of the files this build wrote (the admin's).
 */
function precompressed({ wholeFolder }: { wholeFolder: boolean }): Plugin {
  let outDir = '';
  let ssr = false;
  const written: string[] = [];
  return {
    name: 'precompressed-assets',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
      ssr = Boolean(config.build.ssr);
    },
    writeBundle(_options, bundle) {
      written.push(...Object.keys(bundle).map((file) => resolve(outDir, file)));
    },
    async closeBundle() {
      if (ssr) return;
      if (wholeFolder) await precompress(outDir);
      else await precompressFiles(written.splice(0));
    },
  };
}

/** The render bundle, once written, in ASCII only (scripts/ascii-only.mjs). */
function asciiOnly(): Plugin {
  let outDir = '';
  return {
    name: 'ascii-only',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    writeBundle(_options, bundle) {
      for (const [file, output] of Object.entries(bundle)) {
        if (output.type === 'chunk') rewriteAsAscii(resolve(outDir, file));
      }
    },
  };
}

/**
 * What the two browser builds share: the web root, the plugins and the
 * aliases. The public site and the admin are built apart (this config and
 * vite.admin.config.ts), so the chunks a public page loads are cut along the
 * site's own pages and never along what the admin happens to share with it.
 */
export function browserBuild(options: {
  input: Record<string, string>;
  /** `true`: `.vite/manifest.json`; else the manifest's own path. */
  manifest: true | string;
  /** The site's build starts from an empty folder; the admin's adds to it. */
  emptyOutDir: boolean;
  site: boolean;
  /**
   * Chunks to cut by hand (`name`: the modules `test` matches), on top of
   * the automatic splitting along imports.
   */
  groups?: { name: string; test: RegExp }[];
}): UserConfig {
  return {
    root: 'web',
    publicDir: 'public',
    plugins: [
      react(),
      tailwindcss(),
      sonnerWithoutInlineStyles(),
      lucideLite(),
      precompressed({ wholeFolder: options.site }),
    ],
    build: {
      // `npm run build:web` builds into dist/client.next (`--outDir`) and then
      // publishes it here with the previous build's hashed files beside it
      // (scripts/publish-client-build.mjs): servers still running the previous
      // release, and nginx, keep finding theirs. The watchers of `npm run dev` write here.
      outDir: '../dist/client',
      emptyOutDir: options.emptyOutDir,
      copyPublicDir: options.site,
      manifest: options.manifest,
      sourcemap: true,
      rollupOptions: {
        input: options.input,
        ...(options.groups && { output: { codeSplitting: { groups: options.groups } } }),
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
  };
}

/**
 * The public site: its client entry (hydrates the server-rendered pages) and,
 * with `--ssr`, the server-side render bundle. The admin dashboard is built
 * by vite.admin.config.ts into the same folder, after this build. A
 * development build (`--mode development`, the watchers of `npm run dev`)
 * never empties the folder, which holds the admin's build too.
 */
export default defineConfig(({ mode, isSsrBuild }) => {
  const site = browserBuild({
    input: {
      site: 'web/site/entry-client.tsx',
      // Preloads the page's scripts after the first paint and runs them on intent (the one script a page names).
      boot: 'web/site/hydrate-on-intent.ts',
    },
    manifest: true,
    emptyOutDir: mode !== 'development',
    site: true,
    // The loader and the few helpers it shares with the entry (languages, the
    // stored choice, the hydration signal) are one file: a page fetches
    // nothing else before its first paint, and the entry imports them from
    // the loader it already has.
    groups: [
      {
        name: 'boot',
        test: /web\/site\/(hydrate-on-intent|lib\/language|lib\/hydration-signal)\.ts$|web\/common\/language-choice\.ts$|shared\/language(s|-paths)\.ts$/,
      },
    ],
  });
  if (!isSsrBuild) return site;
  // The render bundle is one CommonJS file with React, the router and i18next
  // inside: the server requires it once (server/site/render.ts), Node's
  // compile cache keeps its bytecode, and no package is read from
  // node_modules for it (decisions 022, 025).
  // `npm run build:ssr` builds it in dist/ssr.next and then puts that whole in
  // place of dist/ssr (scripts/replace-folder.mjs): a running server reloads a
  // rebuilt bundle, and must never find it missing or half-written.
  return {
    ...site,
    build: {
      ...site.build,
      rollupOptions: {
        ...site.build?.rollupOptions,
        output: { format: 'cjs', entryFileNames: '[name].cjs', codeSplitting: false },
      },
    },
    plugins: [...(site.plugins ?? []), asciiOnly()],
    ssr: { noExternal: true },
    // React's packages pick their production or development build at run
    // time from NODE_ENV; a production bundle holds only the first.
    ...(mode === 'production' && { define: { 'process.env.NODE_ENV': '"production"' } }),
  };
});
