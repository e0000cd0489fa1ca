import type { ViewSubject } from './page-views';
import type { Language } from './languages';
import type { PageQuery } from './page-query';
import type { SiteData } from './site-data';

/**
 * The seam between the server and the server-side bundle of the public site
 * (`dist/ssr/entry-server.js`). The server loads that bundle with a dynamic
 * import and only knows these types, never the web code itself.
 */
export type SsrRenderInput = {
  /** Path and query of the page, e.g. `/news?page=2`: only the query parameters it declares. */
  url: string;
  /** Scheme and host the visitor used, e.g. `https://example.com`, for absolute links. */
  origin: string;
  language: Language;
  /**
   * The texts to render with, `{language: catalogue}` (the page's language and
   * English): the public site's catalogues with the company's site texts in
   * place, the same the page embeds for hydration.
   */
  catalogues: Partial<Record<Language, object>>;
  data: SiteData;
  /** Fields of a form posted to the page (a POST without JavaScript); absent for GET. */
  form?: Record<string, string>;
};

export type SsrRenderResult =
  | { kind: 'redirect'; status: number; location: string }
  | {
      kind: 'page';
      status: number;
      /** Which page was rendered (`home`, `news`, `article`, …): its own chunk is preloaded. */
      pageId: string;
      /** The page view it counts as (shared/analytics.ts), or null for one never counted. */
      view: ViewSubject | null;
      /** Markup of `<div id="root">`. */
      html: string;
      /** Title, meta, link and JSON-LD tags for `<head>`. */
      head: string;
      /** Router state for hydration, already safe to place inside a `<script>` element. */
      hydration: string;
    };

export type SsrRender = (input: SsrRenderInput) => Promise<SsrRenderResult>;

/** The query parameters the page at a path reads (its route's declaration). */
export type SsrPageQuery = (pathname: string) => PageQuery;

/** What the render bundle exports. */
export type SsrBundle = { render: SsrRender; pageQuery: SsrPageQuery };

/** Id of the JSON script element that carries the router state to the browser. */
export const HYDRATION_SCRIPT_ID = 'router-state';
