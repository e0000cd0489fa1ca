import { articleInLanguage, publicLanguages } from '#shared/article-languages';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '#shared/languages';
import { ADMIN_PAGE_SIZE, type ListPage } from '#shared/list-query';
import type { Article } from '#shared/news';
import type { PageListQuery } from '#shared/news-list';
import { PageOrderSchema } from '#shared/page-schema';
import type { AdminPage, NavPage, Page, PageTranslations } from '#shared/pages';
import { isPublic } from '#shared/publication';
import { systemClock, type Clock } from '../../clock';
import type { ContentVersion } from '../../content-version';
import type { Db } from '../../db/knex';
import { NotFoundError } from '../../errors';
import { NOBODY, type Who } from '../../http/who';
import { NO_AUDIT, type AuditRecorder } from '../../audit-recorder';
import type { DocumentSave } from './document-audit';
import { parseInput } from '../../validation';
import type { StoredDocument } from './document-row';
import { PAGE_SPEC } from './document-spec';
import type { UploadLookup } from './document-media';
import { createNewsWrites } from './news-writes';
import { createNewsRepo } from './news.repo';
import type { SitemapEntry } from './news.service';
import { asArticle } from './news.service';
import { createSlugHistoryRepo } from './slug-history.repo';

export interface PagesService {
  /** Every page, drafts included, in menu order (header, footer, then the others; by position). */
  listAdmin(filter?: Omit<PageListQuery, 'page' | 'per_page'>): Promise<AdminPage[]>;
  /** One page of that list, filtered and searched (ADMIN_PAGE_SIZE unless `per_page`), and its total. */
  pageAdmin(query: PageListQuery & { page: number }): Promise<ListPage<AdminPage>>;
  /** One page in `language` (else its source language); drafts and their translations for staff. */
  getBySlug(
    slug: string,
    opts?: { includeDrafts?: boolean; language?: Language; withTranslations?: boolean },
  ): Promise<Page>;
  getById(id: number): Promise<AdminPage>;
  create(input: unknown, who?: Who): Promise<AdminPage>;
  /** A save (recorded as `save`), or with a body of `published` alone, its publication. */
  update(id: number, input: unknown, who?: Who, save?: DocumentSave): Promise<AdminPage>;
  setPublished(id: number, published: boolean, who?: Who): Promise<AdminPage>;
  remove(id: number, who?: Who): Promise<{ id: number }>;
  /**
   * `{ids}` in this order take positions 0, 1, 2…, and the pages not named
   * follow in their order; an id that names no page (one deleted since the
   * order's list was loaded) is passed over. Answers every page as `listAdmin`.
   */
  reorder(input: unknown, who?: Who): Promise<AdminPage[]>;
  /** The public pages of the header and footer, by position, titled in each public language. */
  navigation(): Promise<NavPage[]>;
  sitemapEntries(): Promise<SitemapEntry[]>;
  /** The current slug of the page that had `slug` before, or null (see NewsService.redirectFor). */
  redirectFor(slug: string, opts?: { includeDrafts?: boolean }): Promise<string | null>;
}

const NAV_ORDER = { header: 0, footer: 1, none: 2 } as const;

type Placed = Article & Pick<StoredDocument, 'nav' | 'position'>;

/** A page read: no category, and an empty excerpt is none (null); translations as admins read them. */
function toPage({ category: _category, ...page }: Placed): Page {
  const translations = page.translations
    ? (Object.fromEntries(
        Object.entries(page.translations).map(([l, t]) => [
          l,
          { ...t, excerpt: t.excerpt || null },
        ]),
      ) as PageTranslations)
    : undefined;
  return { ...page, excerpt: page.excerpt || null, ...(translations ? { translations } : {}) };
}

function adminPage({ kind: _kind, ...stored }: StoredDocument): AdminPage {
  return toPage(stored) as AdminPage;
}

/**
 * Pages: the article machinery (news-writes.ts and its repos) for rows of
 * kind `page`, which have a place in the navigation instead of a category,
 * and stay out of the news list, its categories and RSS.
 */
export function createPagesService({
  db,
  content,
  clock = systemClock,
  audit = NO_AUDIT,
  uploads,
}: {
  db: Db;
  /**
   * The version of public content (content-version.ts): told of every
   * committed write (each changes what the public sees: pages, menus,
   * sitemap); the menus are read once per version (every rendered page
   * shows them), and again after any content write, scheduled publication
   * or another instance's write.
   */
  content: Pick<ContentVersion, 'changed' | 'current'>;
  clock?: Clock;
  /** Where every write is recorded, with who made it. */
  audit?: AuditRecorder;
  /** The media library: a save showing an upload deleted from it is refused. */
  uploads?: UploadLookup;
}): PagesService {
  const repo = createNewsRepo(db, 'page');
  const history = createSlugHistoryRepo(db);
  // Each write is announced (to the other instances too) once committed, before it answers.
  const announce = (what: string) => content.changed(what);
  const writes = createNewsWrites({ db, clock, spec: PAGE_SPEC, audit, announce, uploads });
  const now = () => clock().toISOString();

  let menus: { version: number; pages: Promise<NavPage[]> } | null = null;

  /** The public pages of the menus now, titled in each language they are public in. */
  async function readNavigation(): Promise<NavPage[]> {
    const pages = await repo.inNavigation(now());
    return pages.map((stored) => {
      const page = publicLanguages(stored);
      const titles: NavPage['titles'] = { [page.source_language]: page.title };
      for (const language of LANGUAGES) {
        const t = page.translations[language];
        if (t && language !== page.source_language) titles[language] = t.title;
      }
      return {
        slug: page.slug,
        nav: page.nav === 'footer' ? 'footer' : 'header',
        position: page.position,
        source_language: page.source_language,
        titles,
      };
    });
  }

  const inMenuOrder = (pages: StoredDocument[]) =>
    [...pages].sort((a, b) => NAV_ORDER[a.nav] - NAV_ORDER[b.nav]);

  return {
    async listAdmin(filter = {}) {
      return inMenuOrder(await repo.listByPosition(filter)).map(adminPage);
    },

    async pageAdmin({ page, per_page: perPage = ADMIN_PAGE_SIZE, ...filter }) {
      const { items, total } = await repo.pageByMenuOrder(filter, { page, perPage });
      return { items: items.map(adminPage), total };
    },

    async getBySlug(slug, { includeDrafts = false, language, withTranslations = false } = {}) {
      const stored = await repo.findBySlug(slug);
      if (!stored || (!includeDrafts && !isPublic(stored, clock().getTime()))) {
        throw new NotFoundError('apiErrors.pageNotFound');
      }
      const { nav, position } = stored;
      const visible = includeDrafts ? asArticle(stored) : publicLanguages(asArticle(stored));
      const read = articleInLanguage(visible, language ?? DEFAULT_LANGUAGE, {
        keepTranslations: withTranslations,
      });
      return toPage({ ...read, nav, position });
    },

    getById: async (id) => adminPage(await writes.existing(id)),
    create: async (input, who) => adminPage(await writes.create(input, who)),
    update: async (id, input, who, save) => adminPage(await writes.update(id, input, who, save)),
    setPublished: async (id, published, who) =>
      adminPage(await writes.setPublished(id, published, who)),
    remove: (id, who) => writes.remove(id, who),

    async reorder(input, who = NOBODY) {
      const { ids } = parseInput(PageOrderSchema, input);
      await db.transaction(async (trx) => {
        const pages = createNewsRepo(trx, 'page');
        // The order may come from a list loaded before a colleague deleted or added a page.
        const stored = await pages.idsByPosition();
        const named = ids.filter((id) => stored.includes(id));
        const rest = stored.filter((id) => !named.includes(id));
        for (const [position, id] of [...named, ...rest].entries()) {
          await pages.setPosition(id, position);
        }
      });
      // Announced once committed, before the audit record, which could still fail.
      await content.changed('pages reordered');
      await audit.record(who, { action: 'page.reordered' });
      return this.listAdmin();
    },

    navigation() {
      // Tagged with the version before the read: a write meanwhile makes the next call read again.
      const current = content.current();
      if (menus?.version !== current) {
        const pages = readNavigation();
        menus = { version: current, pages };
        pages.catch(() => {
          if (menus?.pages === pages) menus = null;
        });
      }
      return menus.pages;
    },

    sitemapEntries: () => repo.sitemapEntries(now()),

    async redirectFor(slug, { includeDrafts = false } = {}) {
      const target = await history.movedTo(slug);
      if (!target || target.kind !== 'page') return null;
      return includeDrafts || isPublic(target, clock().getTime()) ? target.slug : null;
    },
  };
}
