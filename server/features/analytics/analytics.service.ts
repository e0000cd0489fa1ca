import type { Knex } from 'knex';
import {
  AnalyticsQuerySchema,
  DELETED_PAGES_TITLE,
  PageViewSchema,
  SITE_PAGES,
  type AnalyticsReport,
  type PageStats,
} from '#shared/analytics';
import { addDays, daySeries, dayStart, zoneDay } from '#shared/day-series';
import type { Language, Translate } from '#shared/languages';
import { isPublic } from '#shared/publication';
import { isStaff, type Role } from '#shared/roles';
import type { GroupCommit } from '../../db/group-commit';
import type { Db } from '../../db/knex';
import type { Logger } from '../../logger';
import { parseInput } from '../../validation';
import { createAnalyticsRepo, type PageLanguageTotals, type PageTotals } from './analytics.repo';
import { createViewCounter, UTC_DAYS, type CompanyTimeZone } from './view-counter';
import { isBrowser, isPrefetch, ownSite, referrerSite, type ViewHeaders } from './view-filter';
import { viewTag, type ViewTag } from './view-tag';

/** What counting reads of a request: its method, headers and, when Express has seen it, who is signed in. */
export type ViewRequest = {
  method?: string;
  headers: ViewHeaders;
  session?: { user?: { role: Role } } | null;
};

/**
 * Readers and where enquiries come from (docs in README, "Analytics"):
 * page views counted as the server sends pages (rendered or cached) and as
 * the site's script shows them, in memory and written every few seconds
 * (view-counter.ts); enquiries counted per article or page as they arrive;
 * and the report of a period. A view is counted for a browser that is not
 * fetching ahead, not a robot, and not signed-in staff; what is kept is a
 * page, a day, a language and the referring site's host, nothing about
 * the visitor. Days are the company's (`timeZone`, settings
 * `reply_time_zone`), as its staff live them.
 */
export function createAnalyticsService(deps: {
  db: Db;
  writes: GroupCommit;
  logger?: Logger;
  /** The site's public address (PUBLIC_URL): visitors coming from it are not referred. */
  publicUrl?: string;
  /** The time views are counted by (ms since the epoch); tests set it. */
  clock?: () => number;
  flushMs?: number;
  /** The company's time zone, where its days begin and end; UTC without one (tests). */
  timeZone?: CompanyTimeZone;
}) {
  const repo = createAnalyticsRepo(deps.db);
  const clock = deps.clock ?? Date.now;
  const zone = deps.timeZone ?? UTC_DAYS;
  const counter = createViewCounter({
    writes: deps.writes,
    logger: deps.logger,
    clock,
    flushMs: deps.flushMs,
    timeZone: zone,
  });
  const publicSite = deps.publicUrl ? ownSite(new URL(deps.publicUrl).host) : '';

  /** A page the server sent to `req` (from the page cache too): counted when a person reads it. */
  function countSent(tag: ViewTag, req: ViewRequest): void {
    if (req.method !== 'GET') return;
    const { headers } = req;
    if (!isBrowser(headers['user-agent']) || isPrefetch(headers)) return;
    const referer = headers.referer;
    const site =
      referer === undefined ? null : referrerSite(referer, ownSite(headers.host), publicSite);
    counter.add(tag, site);
  }

  const staff = (req: ViewRequest) => {
    const role = req.session?.user?.role;
    return role !== undefined && isStaff(role);
  };

  return {
    /** A page the cache sent (no signed-in visitor ever gets one). */
    countCached: countSent,

    /** A page the server rendered for `req`: counted unless staff are signed in. */
    countRendered(tag: ViewTag, req: ViewRequest): void {
      if (!staff(req)) countSent(tag, req);
    },

    /**
     * A page the site's script showed without a page load (`POST
     * /api/analytics/views`); a body that names no page is ignored.
     */
    countNavigation(input: unknown, req: ViewRequest): void {
      const parsed = PageViewSchema.safeParse(input);
      if (!parsed.success || staff(req)) return;
      const { language, page, id } = parsed.data;
      const subject = page === 'document' ? { page, id: id! } : { page };
      const { headers } = req;
      if (!isBrowser(headers['user-agent']) || isPrefetch(headers)) return;
      counter.add(viewTag(subject, language), null);
    },

    /**
     * One enquiry (not spam) more from an article or page, on the company's
     * day it arrived (`at`), inside the transaction that stores it or takes
     * it out of spam; or one fewer (`change` -1, never below zero) when it is
     * filed as spam. The zone as last read (no query inside the transaction:
     * the enquiry path reads the settings just before).
     */
    countEnquiry(
      trx: Knex,
      documentId: number,
      language: Language,
      at: Date,
      change: 1 | -1 = 1,
    ): Promise<void> {
      const day = zoneDay(at, zone.get());
      return change === 1
        ? repo.addEnquiry(trx, day, documentId, language)
        : repo.removeEnquiry(trx, day, documentId, language);
    },

    /**
     * The report of `?days=` days ending today (the company's days, in the
     * zone as set now), with this server's latest counts written first; the
     * site's own pages named in `t`'s language.
     */
    async report(query: unknown, t: Translate): Promise<AnalyticsReport> {
      const { days } = parseInput(AnalyticsQuerySchema, query ?? {}, 'apiErrors.invalidQuery');
      await counter.flush();
      await zone.refresh();
      const timeZone = zone.get();
      const today = zoneDay(clock(), timeZone);
      const from = addDays(today, 1 - days);
      const [perDayCounts, totals, referrers, withoutSource] = await Promise.all([
        repo.viewsPerDay(from),
        repo.pages(from),
        repo.referrers(from),
        repo.enquiriesWithoutSource(new Date(dayStart(from, timeZone)).toISOString()),
      ]);
      return {
        days,
        time_zone: timeZone,
        views: daySeries(perDayCounts, today, days),
        pages: pageRows(perPage(totals), t, clock()),
        referrers: referrers.sort((a, b) => b.views - a.views || a.host.localeCompare(b.host)),
        enquiries_without_source: withoutSource,
        languages: perLanguage(totals).sort(
          (a, b) => b.views - a.views || a.language.localeCompare(b.language),
        ),
      };
    },

    /** Writing every few seconds (a long-running server), the zone read at once. */
    start() {
      zone.refresh().catch((err: unknown) => {
        deps.logger?.warn({ err }, 'time zone setting not read; counting by the last one known');
      });
      counter.start();
    },
    /** Writes what is left (the shutdown waits for it). */
    stop: () => counter.stop(),
    flush: () => counter.flush(),
  };
}

/** Each page's totals, its languages added up. */
function perPage(totals: PageLanguageTotals[]): PageTotals[] {
  const pages = new Map<string, PageTotals>();
  for (const { page, id, views, enquiries, document } of totals) {
    const key = `${page}:${id}`;
    const sum = pages.get(key);
    if (!sum) pages.set(key, { page, id, views, enquiries, document });
    else {
      sum.views += views;
      sum.enquiries += enquiries;
    }
  }
  return [...pages.values()];
}

/** Each language's views, its pages added up. */
function perLanguage(totals: PageLanguageTotals[]): { language: Language; views: number }[] {
  const views = new Map<Language, number>();
  for (const row of totals) views.set(row.language, (views.get(row.language) ?? 0) + row.views);
  return [...views].map(([language, n]) => ({ language, views: n }));
}

/**
 * The report's rows, most viewed first; articles and pages that no longer
 * exist together in a last row of their own (their views and enquiries
 * still count: the totals are the sums of the rows); those not public at
 * `now` (ms since the epoch) marked `unpublished`.
 */
function pageRows(pages: PageTotals[], t: Translate, now: number): PageStats[] {
  const rows: PageStats[] = [];
  let deleted: PageStats | null = null;
  for (const page of pages) {
    const row = pageStats(page, t, now);
    if (row) rows.push(row);
    else {
      deleted ??= {
        path: '',
        title: t(DELETED_PAGES_TITLE),
        views: 0,
        enquiries: 0,
        page: 'document',
        id: null,
        deleted: true,
      };
      deleted.views += page.views;
      deleted.enquiries += page.enquiries;
    }
  }
  rows.sort(
    (a, b) => b.views - a.views || b.enquiries - a.enquiries || a.path.localeCompare(b.path),
  );
  return deleted ? [...rows, deleted] : rows;
}

/** A row of the report; null for an article or page that no longer exists. */
function pageStats(totals: PageTotals, t: Translate, now: number): PageStats | null {
  const { page, views, enquiries } = totals;
  if (page === 'document') {
    if (!totals.document) return null;
    const { slug, title } = totals.document;
    const row: PageStats = { path: `/${slug}`, title, views, enquiries, page, id: totals.id };
    return isPublic(totals.document, now) ? row : { ...row, unpublished: true };
  }
  const site = SITE_PAGES[page];
  return { path: site.path, title: t(site.title), views, enquiries, page, id: null };
}

export type AnalyticsService = ReturnType<typeof createAnalyticsService>;
