import type { Knex } from 'knex';
import { mediaAddressesIn } from '#shared/media';
import type { TranslationsInput } from '#shared/news-schema';
import { BadRequestError } from '../../errors';

/**
 * The media library as a write of an article or page needs it: which of the
 * uploads the write points at no longer exist (wired in services.ts, so
 * this feature does not reach into the media one). Asked within the write's
 * transaction (`trx`), the uploads found stay locked (PostgreSQL) until it
 * ends, so a deletion of one of them waits for the write and then sees it.
 */
export type UploadLookup = {
  /** The site's public origin (PUBLIC_URL): full addresses on it name uploads as paths do. */
  origin?: string;
  missing(ids: readonly number[], trx?: Knex.Transaction): Promise<number[]>;
};

/** Without a library to ask (some tests), every address is taken as it is. */
export const NO_UPLOAD_LOOKUP: UploadLookup = { missing: async () => [] };

/** The message of a field that points at a deleted upload, by the field's last name. */
const DELETED: Record<string, string> = {
  image_url: 'validation.imageUrl.deleted',
  social_image: 'validation.socialImage.deleted',
  content: 'validation.content.mediaDeleted',
};

type Fields = { image_url: string | null; social_image?: string | null; content: string };

/** Every field of a write that may show an upload, named as `details` names it. */
function fieldsOf(fields: Fields, translations: TranslationsInput | undefined) {
  const named: [string, string][] = [
    ['image_url', fields.image_url ?? ''],
    ['social_image', fields.social_image ?? ''],
    ['content', fields.content],
  ];
  for (const [language, t] of Object.entries(translations ?? {})) {
    if (!t) continue;
    named.push([`translations.${language}.content`, t.content]);
    named.push([`translations.${language}.social_image`, t.social_image ?? '']);
  }
  return named;
}

/**
 * 400 when the write's image, social image or text (of any language it
 * names) points at an upload deleted from the library (`details` name each
 * such field and its first dead address): the page would show a broken
 * picture or link. The library lets an upload go once no saved article or
 * page uses it, so a form opened before, or an old revision, may still hold it.
 */
export async function assertUploadsExist(
  uploads: UploadLookup,
  fields: Fields,
  translations: TranslationsInput | undefined,
): Promise<void> {
  const found = fieldsOf(fields, translations).map(
    ([field, text]) => [field, mediaAddressesIn(text, uploads.origin)] as const,
  );
  const ids = [...new Set(found.flatMap(([, addresses]) => addresses.map((a) => a.id)))];
  if (ids.length === 0) return;
  const missing = new Set(await uploads.missing(ids));
  if (missing.size === 0) return;
  const details: Record<string, string> = {};
  const params: Record<string, { address: string }> = {};
  for (const [field, addresses] of found) {
    const dead = addresses.find((a) => missing.has(a.id));
    if (!dead) continue;
    details[field] = DELETED[field.split('.').at(-1)!]!;
    params[field] = { address: dead.address };
  }
  // The first field's message says it all on its own (a restore has no form to show fields in).
  const first = Object.keys(details)[0]!;
  throw new BadRequestError(details[first], details).with(params[first]!).withDetailParams(params);
}
