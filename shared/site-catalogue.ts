/**
 * What of a catalogue the public site needs: everything but the admin's,
 * the desktop app's and the server's own texts (API errors and e-mails are
 * translated by the server), and of the validation messages only the
 * contact form's. The server renders public pages with this part and
 * serves it to the site (`siteCataloguePath`) when the visitor switches
 * language or opens a page whose texts the page did not embed.
 */
const NOT_FOR_THE_SITE = new Set(['admin', 'login', 'llm', 'desktop', 'apiErrors', 'mail', 'spam']);

/**
 * The contact form's messages (shared/contact-schema.ts, and `text` for the
 * characters every text field refuses, shared/text.ts); the other
 * validation sections are the admin's. site-catalogue.test.ts checks every
 * key the form's rules can give is kept.
 */
const CONTACT_VALIDATION = ['name', 'email', 'company', 'message', 'text'] as const;

/**
 * Sections a page embeds only when it shows them: the privacy notice is
 * shown by the privacy page alone. A page reached by client-side navigation
 * fetches it then (`useSiteSection`).
 */
export const SECTIONS_OF_ONE_PAGE: Readonly<Record<string, string>> = { privacy: 'privacy' };

const pick = (tree: Record<string, unknown>, keys: readonly string[]): Record<string, unknown> =>
  Object.fromEntries(keys.filter((key) => key in tree).map((key) => [key, tree[key]]));

export function siteCatalogue(catalogue: Record<string, unknown>): Record<string, unknown> {
  const site = Object.fromEntries(
    Object.entries(catalogue).filter(([section]) => !NOT_FOR_THE_SITE.has(section)),
  );
  const validation = site.validation as Record<string, unknown> | undefined;
  if (validation) site.validation = pick(validation, CONTACT_VALIDATION);
  return site;
}

/**
 * What a page embeds of its language's site catalogue: all of it but the
 * sections of other pages (`SECTIONS_OF_ONE_PAGE`). `pageId` is the page's
 * id (web/site/seo/meta.ts: `news`, `privacy`, `not-found`…).
 */
export function embeddedCatalogue(
  site: Record<string, unknown>,
  pageId: string,
): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(site).filter(([section]) => {
      const page = SECTIONS_OF_ONE_PAGE[section];
      return page === undefined || page === pageId;
    }),
  );
}

/** Id of the JSON script element holding the page's catalogue, `{language: catalogue}`. */
export const CATALOGUE_SCRIPT_ID = 'site-catalogue';

/**
 * Where the site reads one language's catalogue (its part of it, with the
 * company's site texts in place) when the visitor switches to a language the
 * page did not embed, or opens a page whose texts it left out.
 */
export const siteCataloguePath = (language: string) => `/api/site/catalogue/${language}`;
