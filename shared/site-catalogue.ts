/**
 * What of a catalogue the public site needs: everything but the admin's,
 * the desktop app's and the server's own texts (API errors and e-mails are
 * translated by the server). The server embeds this part in each page, so
 * the site fetches no catalogue code on its first load.
 */
const NOT_FOR_THE_SITE = new Set(['admin', 'login', 'llm', 'desktop', 'apiErrors', 'mail', 'spam']);

export function siteCatalogue(catalogue: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(catalogue).filter(([name]) => !NOT_FOR_THE_SITE.has(name)),
  );
}

/** Id of the JSON script element holding the page's catalogues, `{language: catalogue}`. */
export const CATALOGUE_SCRIPT_ID = 'site-catalogue';

/**
 * Where the site reads one language's catalogue (its part of it, with the
 * company's site texts in place) when the visitor switches to a language the
 * page did not embed.
 */
export const siteCataloguePath = (language: string) => `/api/site/catalogue/${language}`;
