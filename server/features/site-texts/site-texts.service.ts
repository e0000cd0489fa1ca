import { LANGUAGES, type Language } from '#shared/languages';
import {
  flattenCatalogue,
  isSiteTextKey,
  missingPlaceholders,
  noOverrides,
  SiteTextsUpdateSchema,
  type SiteText,
  type SiteTextChanged,
  type SiteTexts,
  type SiteTextValues,
  type SiteTextVersions,
} from '#shared/site-texts';
import { fieldErrors } from '#shared/validation';
import { systemClock, type Clock } from '../../clock';
import type { ContentVersion } from '../../content-version';
import type { Db } from '../../db/knex';
import { BadRequestError, ConflictError } from '../../errors';
import { NOBODY, type Who } from '../../http/who';
import { CATALOGUES } from '../../i18n';
import { NO_AUDIT, type AuditRecorder } from '../../audit-recorder';
import { createSiteTextsRepo, type SiteTextChange, type SiteTextRow } from './site-texts.repo';
import { textsSnapshot, type TextsSnapshot } from './texts-snapshot';

export interface SiteTextsService {
  /** Every editable text: its catalogue text in each language and the overrides. */
  list(): Promise<SiteTexts>;
  /**
   * Sets and removes overrides (`PUT /api/site/texts`); 400 with details,
   * changing nothing, on any bad value; 409 naming the texts changed since
   * the versions the body names, with them as they are now (`current`),
   * changing nothing either.
   */
  update(input: unknown, who?: Who): Promise<SiteTexts>;
  /**
   * The texts as the public sees them now. Kept in memory and read again from
   * the database only after the content version moved (a write here or on
   * another instance, any content change): a page render costs no query.
   * While the database cannot be read, the texts last read, marked `stale`.
   */
  snapshot(): Promise<TextsSnapshot>;
  /** The last snapshot read, without waiting (call `snapshot()` first where freshness matters). */
  loaded(): TextsSnapshot;
  /**
   * The texts as they would be with `values` (unsaved, as a `PUT` names them)
   * on top of the saved overrides, for a preview; unknown keys are ignored.
   */
  draft(values: SiteTextValues): Promise<TextsSnapshot>;
}

/** The editable keys and their catalogue texts, in catalogue order. */
const DEFAULTS: ReadonlyMap<string, Record<Language, string>> = (() => {
  const flat = Object.fromEntries(
    LANGUAGES.map((l) => [l, flattenCatalogue(CATALOGUES[l])]),
  ) as Record<Language, Record<string, string>>;
  return new Map(
    Object.keys(flat.en)
      .filter(isSiteTextKey)
      .map((key) => [
        key,
        Object.fromEntries(LANGUAGES.map((l) => [l, flat[l][key] ?? flat.en[key]!])) as Record<
          Language,
          string
        >,
      ]),
  );
})();

/**
 * Site texts (decision 027): overrides of catalogue texts per language,
 * validated against the catalogue (known key, placeholders kept), stored in
 * `site_texts`, and served from memory until content changes.
 */
export function createSiteTextsService(deps: {
  db: Db;
  version: ContentVersion;
  clock?: Clock;
  /** Where every change is recorded, with who made it. */
  audit?: AuditRecorder;
}): SiteTextsService {
  const { db, version, clock = systemClock, audit = NO_AUDIT } = deps;
  const repo = createSiteTextsRepo(db);
  let last = textsSnapshot();
  let everRead = false;
  let pending: { version: number; snapshot: Promise<TextsSnapshot> } | undefined;

  async function read(): Promise<TextsSnapshot> {
    const overrides = noOverrides();
    const versions = noOverrides();
    for (const { key, language, value, updated_at } of await repo.all()) {
      if (!DEFAULTS.has(key)) continue;
      overrides[language][key] = value;
      versions[language][key] = updated_at;
    }
    last = textsSnapshot(overrides, versions);
    everRead = true;
    return last;
  }

  /** The changes a parsed body asks for, and the versions it names, or a 400 naming every bad field. */
  function changesOf(input: unknown): { changes: SiteTextChange[]; versions: SiteTextVersions } {
    const parsed = SiteTextsUpdateSchema.safeParse(input);
    if (!parsed.success) {
      const details = fieldErrors(parsed.error);
      throw new BadRequestError(Object.values(details)[0], details);
    }
    const details: Record<string, string> = {};
    const params: Record<string, Record<string, string>> = {};
    const changes: SiteTextChange[] = [];
    for (const [key, values] of Object.entries(parsed.data.values)) {
      const defaults = DEFAULTS.get(key);
      if (!defaults) {
        details[`values.${key}`] = 'admin.siteTexts.errors.unknownKey';
        continue;
      }
      for (const language of LANGUAGES) {
        const value = values[language];
        if (value === undefined) continue;
        const missing = value === null ? [] : missingPlaceholders(defaults[language], value);
        if (missing.length > 0) {
          const field = `values.${key}.${language}`;
          details[field] = 'admin.siteTexts.errors.placeholders';
          params[field] = { placeholders: missing.join(', ') };
        } else changes.push({ key, language, value });
      }
    }
    if (Object.keys(details).length > 0) {
      const [field, message] = Object.entries(details)[0]!;
      throw new BadRequestError(message, details)
        .withDetailParams(params)
        .with(params[field] ?? {});
    }
    return { changes, versions: parsed.data.versions ?? {} };
  }

  /**
   * 409 when a text the save changes was written since the version it names
   * (`versions`; a text without one is not checked): its override saved,
   * added or removed by someone else. Names each such text under
   * `details` (`values.<key>.<language>`) and gives them as they are now.
   */
  function assertUnchangedSince(
    changes: SiteTextChange[],
    versions: SiteTextVersions,
    stored: SiteTextRow[],
  ) {
    const changed: SiteTextChanged[] = [];
    for (const { key, language } of changes) {
      const opened = versions[key]?.[language];
      if (opened === undefined) continue;
      const now = stored.find((row) => row.key === key && row.language === language);
      const same =
        now === undefined
          ? opened === null
          : opened !== null && Date.parse(now.updated_at) === Date.parse(opened);
      if (!same) {
        changed.push({
          key,
          language,
          value: now?.value ?? null,
          updated_at: now?.updated_at ?? null,
        });
      }
    }
    if (changed.length === 0) return;
    const details = Object.fromEntries(
      changed.map((c) => [`values.${c.key}.${c.language}`, 'admin.siteTexts.errors.changed']),
    );
    throw new ConflictError('admin.siteTexts.errors.changedSinceOpened', details).withCurrent(
      changed,
    );
  }

  const service: SiteTextsService = {
    async list() {
      const { overrides, versions } = await service.snapshot();
      const texts: SiteText[] = [...DEFAULTS].map(([key, defaults]) => ({
        key,
        defaults,
        values: Object.fromEntries(
          LANGUAGES.filter((l) => key in overrides[l]).map((l) => [l, overrides[l][key]!]),
        ),
        versions: Object.fromEntries(
          LANGUAGES.filter((l) => key in versions[l]).map((l) => [l, versions[l][key]!]),
        ),
      }));
      return { texts };
    },

    async update(input, who = NOBODY) {
      const { changes, versions } = changesOf(input);
      if (changes.length > 0) {
        const at = clock().toISOString();
        await db.transaction(async (trx) => {
          const texts = createSiteTextsRepo(trx);
          // Checked where the write is made: writes take turns, so of saves sent at once
          // from one version, one goes through and the others see it.
          await texts.lockWrites();
          assertUnchangedSince(
            changes,
            versions,
            await texts.of([...new Set(changes.map((c) => c.key))]),
          );
          await texts.apply(changes, who.actor?.id ?? null, at);
        });
        // Every page shows site texts: told before this answer leaves (other instances too).
        await version.changed(`site texts saved (${changes.length})`);
      }
      const keys = [...new Set(changes.map((c) => c.key))].join(', ');
      await audit.record(who, {
        action: 'site_texts.updated',
        target_type: 'site_texts',
        summary: keys.length > 200 ? `${keys.slice(0, 199)}…` : keys,
      });
      // Read back at once: this answer, and this instance, show the change.
      pending = undefined;
      return service.list();
    },

    snapshot() {
      const now = version.current();
      if (pending?.version !== now) {
        const attempt: Promise<TextsSnapshot> = read().catch((error: unknown) => {
          // A failed read is tried again by the next caller, not remembered. Meanwhile the
          // texts last read serve (marked stale: no cache keeps what they make); with
          // none read yet, the failure stands (the database's 503).
          if (pending?.snapshot === attempt) pending = undefined;
          if (!everRead) throw error;
          return { ...last, stale: true };
        });
        pending = { version: now, snapshot: attempt };
      }
      return pending.snapshot;
    },

    loaded: () => last,

    async draft(values) {
      const { overrides } = await service.snapshot();
      const next = Object.fromEntries(
        LANGUAGES.map((l) => [l, { ...overrides[l] }]),
      ) as typeof overrides;
      for (const [key, texts] of Object.entries(values)) {
        if (!DEFAULTS.has(key)) continue;
        for (const language of LANGUAGES) {
          const value = texts[language];
          if (value === null) delete next[language][key];
          else if (value !== undefined) next[language][key] = value;
        }
      }
      return textsSnapshot(next);
    },
  };
  return service;
}
