import { escapeHtml } from '#shared/html';
import { HYDRATION_SCRIPT_ID } from '#shared/ssr';
import type { Language } from '#shared/languages';
import type { EntryAssets } from './assets';

type DocumentParts = {
  language: Language;
  head: string;
  html: string;
  hydration: string;
  assets: EntryAssets;
};

/**
 * The whole HTML document around the server-rendered app. Stylesheets sit in
 * `<head>` so the first paint is already styled; the module script is
 * deferred by nature, so it never delays that paint.
 */
export function renderDocument({ language, head, html, hydration, assets }: DocumentParts): string {
  const css = assets.css
    .map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`)
    .join('');
  const catalogue = assets.catalogues?.[language];
  const preload = [...assets.preload, ...(catalogue ? [catalogue] : [])]
    .map((href) => `<link rel="modulepreload" href="${escapeHtml(href)}">`)
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
    `<script type="module" src="${escapeHtml(assets.script)}"></script>`,
    preload,
    '</head>',
    '<body>',
    `<div id="root">${html}</div>`,
    `<script type="application/json" id="${HYDRATION_SCRIPT_ID}">${hydration}</script>`,
    '</body>',
    '</html>',
  ].join('');
}
