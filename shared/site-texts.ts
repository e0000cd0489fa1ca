import { z } from 'zod';
import './zod-setup';
import { LANGUAGES, type Language } from './languages';
import { hasForbiddenCharacters, normalizeNewlines, CONTROL_CHARACTERS_KEY } from './text';

/**
 * Site texts: the copy of the public site that the company edits without a
 * deploy. The catalogues (`locales/*.json`) stay the default of every text;
 * an override replaces one key in one language. Which keys may be
 * overridden, how they are grouped in the admin (by where they appear), and
 * the rules an override follows are here, for the admin and the server alike.
 */

/** Keys that may be overridden: these exact keys, and every key under a prefix ending in `.`. */
export const SITE_TEXT_SCOPES = [
  'home.',
  'contact.title',
  'contact.description',
  'contact.details.',
  'footer.',
  'meta.',
  'privacy.',
  'mail.answer.greeting',
  'mail.answer.signature',
] as const;

/** Longest override, in characters. */
export const SITE_TEXT_MAX_LENGTH = 2000;

const inScope = (key: string, scope: string) =>
  scope.endsWith('.') ? key.startsWith(scope) : key === scope;

export function isSiteTextKey(key: string): boolean {
  return SITE_TEXT_SCOPES.some((scope) => inScope(key, scope));
}

/**
 * The admin's groups, by where the texts appear: the page to preview and to
 * open on the site, and the keys (scopes as above; a key belongs to the
 * first group that names it). The labels are `admin.siteTexts.groups.<id>`.
 */
export const SITE_TEXT_GROUPS = [
  { id: 'hero', path: '/', scopes: ['home.hero.'] },
  { id: 'services', path: '/', scopes: ['home.services.'] },
  { id: 'proof', path: '/', scopes: ['home.proof.'] },
  { id: 'values', path: '/', scopes: ['home.values.'] },
  { id: 'cta', path: '/', scopes: ['home.cta.'] },
  { id: 'contact', path: '/contact', scopes: ['contact.title', 'contact.description'] },
  {
    id: 'hours',
    path: '/contact',
    scopes: ['contact.details.hoursLabel', 'contact.details.hours'],
  },
  { id: 'details', path: '/contact', scopes: ['contact.details.'] },
  { id: 'footer', path: '/', scopes: ['footer.'] },
  { id: 'meta', path: '/', scopes: ['meta.'] },
  { id: 'privacy', path: '/privacy', scopes: ['privacy.'] },
  // The e-mail replies start from; the contact page is where their enquiries come from.
  { id: 'replies', path: '/contact', scopes: ['mail.answer.greeting', 'mail.answer.signature'] },
  { id: 'home', path: '/', scopes: ['home.'] },
] as const;

export type SiteTextGroup = (typeof SITE_TEXT_GROUPS)[number];
export type SiteTextGroupId = SiteTextGroup['id'];

/** The group a key is edited in. */
export function siteTextGroup(key: string): SiteTextGroup {
  return (
    SITE_TEXT_GROUPS.find((group) =>
      (group.scopes as readonly string[]).some((scope) => inScope(key, scope)),
    ) ?? SITE_TEXT_GROUPS[SITE_TEXT_GROUPS.length - 1]!
  );
}

/**
 * One editable text as `GET /api/site/texts` lists it: `values` holds only
 * the overrides, `versions` each override's `updated_at` (the version a save
 * names as the one it edited; a language without an override has none).
 */
export type SiteText = {
  key: string;
  defaults: Record<Language, string>;
  values: Partial<Record<Language, string>>;
  versions: Partial<Record<Language, string>>;
};

export type SiteTexts = { texts: SiteText[] };

/** Overrides by language, each a map of dotted key to text. */
export type SiteTextOverrides = Record<Language, Record<string, string>>;

export const noOverrides = (): SiteTextOverrides => ({ en: {}, pt: {}, de: {} });

type Tree = { [key: string]: unknown };

/** Every text of a catalogue as `dotted.key -> text`. */
export function flattenCatalogue(tree: Tree, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out[path] = value;
    else if (value && typeof value === 'object')
      Object.assign(out, flattenCatalogue(value as Tree, path));
  }
  return out;
}

/**
 * The catalogue with the overrides in place: a copy along the overridden
 * paths only (the rest is shared with `tree`, which is never changed). A key
 * the catalogue does not have is ignored.
 */
export function withOverrides<T extends Tree>(tree: T, overrides: Record<string, string>): T {
  let out = tree;
  for (const [key, text] of Object.entries(overrides)) {
    const path = key.split('.');
    const set = (node: Tree, at: number): Tree | null => {
      const name = path[at]!;
      const child = node[name];
      if (at === path.length - 1)
        return typeof child === 'string' ? { ...node, [name]: text } : null;
      if (!child || typeof child !== 'object') return null;
      const next = set(child as Tree, at + 1);
      return next ? { ...node, [name]: next } : null;
    };
    out = (set(out, 0) as T | null) ?? out;
  }
  return out;
}

/** The `{{placeholders}}` a text uses, each once, by name. */
export function placeholdersOf(text: string): string[] {
  return [...new Set([...text.matchAll(/{{\s*([\w.]+)\s*}}/g)].map((m) => m[1]!))];
}

/** The placeholders of `fallback` that `text` leaves out, written as `{{name}}`. */
export function missingPlaceholders(fallback: string, text: string): string[] {
  const kept = new Set(placeholdersOf(text));
  return placeholdersOf(fallback)
    .filter((name) => !kept.has(name))
    .map((name) => `{{${name}}}`);
}

/**
 * One language's override as written: line breaks normalised and trimmed;
 * empty (or `null`) removes the override, back to the catalogue's text.
 */
const overrideValue = z.preprocess(
  (v) => (typeof v === 'string' ? normalizeNewlines(v).trim() || null : v),
  z
    .string({ error: 'admin.siteTexts.errors.text' })
    .max(SITE_TEXT_MAX_LENGTH, 'admin.siteTexts.errors.max')
    .refine((v) => !hasForbiddenCharacters(v, 'multi-line'), CONTROL_CHARACTERS_KEY)
    .nullable()
    .optional(),
);

/** A text's key: one longer than any the catalogue has is none it has. */
const editableKey = z.string().max(200, 'admin.siteTexts.errors.unknownKey');

/** By language, and only the site's: the catalogue's words for a key or a shape it cannot take. */
const byLanguage = {
  error: (issue: { code?: string }) =>
    issue.code === 'unrecognized_keys'
      ? 'admin.siteTexts.errors.language'
      : 'admin.siteTexts.errors.values',
};

const languageValues = z.strictObject(
  Object.fromEntries(LANGUAGES.map((l) => [l, overrideValue])) as Record<
    Language,
    typeof overrideValue
  >,
  byLanguage,
);

/**
 * The version of one language's text that the editor changed: the
 * override's `updated_at` as `GET` gave it, or `null` for the catalogue's
 * text (no override then).
 */
const openedVersion = z
  .string({ error: 'validation.updatedAt.invalid' })
  .refine((v) => !Number.isNaN(Date.parse(v)), 'validation.updatedAt.invalid')
  .nullable()
  .optional();

const languageVersions = z.strictObject(
  Object.fromEntries(LANGUAGES.map((l) => [l, openedVersion])) as Record<
    Language,
    typeof openedVersion
  >,
  byLanguage,
);

/**
 * `PUT /api/site/texts`: overrides to set (a text) or remove (`null`, or
 * empty), by key and language; keys and languages not named stay as they are.
 * Whether a key is editable and keeps its placeholders is checked against
 * the catalogues (the server's `SiteTextsService`, the admin's form).
 *
 * `versions` (optional, same shape) names, for a text it changes, the
 * version the editor changed (decision 037 for articles, here per key and
 * language): a text saved or reset by someone since is refused (409) rather
 * than undone unseen. A text without a version is written whatever changed
 * meanwhile (clients from before versions, "Save anyway").
 */
export const SiteTextsUpdateSchema = z.strictObject(
  {
    values: z.record(editableKey, languageValues, {
      error: 'admin.siteTexts.errors.values',
    }),
    versions: z
      .record(editableKey, languageVersions, { error: 'admin.siteTexts.errors.values' })
      .optional(),
  },
  { error: 'admin.siteTexts.errors.values' },
);

export type SiteTextsUpdate = z.input<typeof SiteTextsUpdateSchema>;
export type SiteTextValues = z.output<typeof SiteTextsUpdateSchema>['values'];
export type SiteTextVersions = NonNullable<z.output<typeof SiteTextsUpdateSchema>['versions']>;

/**
 * A text someone changed after the editor opened it, as it is now: the
 * 409 of `PUT /api/site/texts` lists them as its `current`. `value` null:
 * the catalogue's text shows (the override was removed); `updated_at` is
 * then null too.
 */
export type SiteTextChanged = {
  key: string;
  language: Language;
  value: string | null;
  updated_at: string | null;
};

/** The pages a preview of unsaved texts may show: those the groups belong to. */
export const SITE_TEXT_PAGES = [...new Set(SITE_TEXT_GROUPS.map((group) => group.path))] as [
  SiteTextGroup['path'],
  ...SiteTextGroup['path'][],
];

/**
 * `POST /api/site/preview`: one page in one language as it would look with
 * `values` (unsaved overrides, same shape as a `PUT`) on top of the saved ones.
 */
export const SiteTextsPreviewSchema = z
  .object({
    path: z.enum(SITE_TEXT_PAGES),
    language: z.enum(LANGUAGES),
    values: SiteTextsUpdateSchema.shape.values,
  })
  .strict();

export type SiteTextsPreviewRequest = z.input<typeof SiteTextsPreviewSchema>;
