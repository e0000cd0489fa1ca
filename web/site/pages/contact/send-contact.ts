import {
  CONTACT_HONEYPOT_FIELD,
  CONTACT_SOURCE_FIELD,
  CONTACT_TIMING_FIELD,
} from '#shared/contact';
import type { ContactInput } from '#shared/contact-schema';
import type { Language } from '#shared/languages';

/**
 * A part of the page's code could not be fetched: a flaky connection, or a
 * page opened before the last upgrade asking for files that are gone. Nothing
 * was sent; the page can say so without fetching anything more.
 */
export class CodeNotLoaded extends Error {
  constructor(cause: unknown) {
    super('A part of the page could not be loaded', { cause });
    this.name = 'CodeNotLoaded';
  }
}

/** `load`'s module, or `CodeNotLoaded` when it cannot be fetched. */
export const loadCode = <T>(load: () => Promise<T>): Promise<T> =>
  load().catch((cause: unknown) => {
    throw new CodeNotLoaded(cause);
  });

/**
 * `POST /api/contacts`: stores one enquiry in the language the visitor reads
 * the page in. The honeypot and the fill time (whole milliseconds since the
 * form was first shown; left out when that is unknown) travel along for the
 * server's spam check, and the article or page the visitor came from when the
 * page's address names one (`?from=<slug>`: read here, in the browser, so the
 * page's HTML stays the same for every visitor and the page cache keeps one
 * copy). The fetch wrapper is fetched on sending: the page itself needs none.
 */
export async function sendContact(
  input: ContactInput,
  extra: { honeypot: string; language: Language; formMs: number | null },
): Promise<{ id: number }> {
  const { api } = await loadCode(() => import('../../../common/api'));
  const from = new URLSearchParams(window.location.search).get(CONTACT_SOURCE_FIELD);
  return api<{ id: number }>('/contacts', {
    method: 'POST',
    body: {
      ...input,
      language: extra.language,
      [CONTACT_HONEYPOT_FIELD]: extra.honeypot,
      ...(extra.formMs === null
        ? {}
        : { [CONTACT_TIMING_FIELD]: Math.max(0, Math.round(extra.formMs)) }),
      ...(from ? { [CONTACT_SOURCE_FIELD]: from } : {}),
    },
  });
}
