import { escapeHtml } from '#shared/html';
import { CATALOGUE_SCRIPT_ID } from '#shared/site-catalogue';
import { HYDRATION_SCRIPT_ID } from '#shared/ssr';
import type { Language } from '#shared/languages';
import type { PageAssets } from './assets';

type DocumentParts = {
  language: Language;
  head: string;
  html: string;
  hydration: string;
  /** The page's texts, `{language: catalogue}`, as JSON safe inside a script element. */
  catalogues: string;
  assets: PageAssets;
  /**
   * A still copy for the admin's preview of unsaved texts: no scripts (it is
   * shown in a sandboxed frame), never indexed.
   */
  still?: boolean;
};

/**
 * The whole HTML document around the server-rendered app. Stylesheets sit in
 * `<head>` so the first paint is already styled. The one script named is a
 * small loader (web/site/hydrate-on-intent.ts) that preloads the page's
 * scripts, the entry with its chunks and the page's own, after the first
 * paint (on a slow connection they no longer compete with the stylesheet,
 * the fonts and the hero picture), and runs them on the visitor's first
 * intent, or at once when `when` is `load`. The page's texts travel in
 * the document (no catalogue code to fetch before hydrating).
 */
export function renderDocument(parts: DocumentParts): string {
  const { language, head, html, hydration, catalogues, assets, still = false } = parts;
  const css = assets.css
    .map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`)
    .join('');
  return [
    '<!doctype html>',
    `<html lang="${language}">`,
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="theme-color" content="#0b1220">',
    '<link rel="icon" href="/favicon.svg" type="image/svg+xml">',
    // The news feed in the page's language.
    `<link rel="alternate" type="application/rss+xml" title="RSS" href="/rss.xml?lang=${language}">`,
    head,
    css,
    ...(still
      ? ['<meta name="robots" content="noindex">']
      : [
          `<script type="module" src="${escapeHtml(assets.boot)}" data-hydrate="${escapeHtml(assets.script)}" data-preload="${escapeHtml(assets.preload.join(' '))}" data-when="${assets.when}"></script>`,
        ]),
    '</head>',
    '<body>',
    `<div id="root">${html}</div>`,
    ...(still
      ? []
      : [
          `<script type="application/json" id="${HYDRATION_SCRIPT_ID}">${hydration}</script>`,
          `<script type="application/json" id="${CATALOGUE_SCRIPT_ID}">${catalogues}</script>`,
        ]),
    '</body>',
    '</html>',
  ].join('');
}
