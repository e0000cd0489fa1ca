import type { Knex } from 'knex';
import { addDays, dayStart, zoneDay } from '#shared/day-series';
import { OTHER_REFERRER, RARE_REFERRER_VIEWS } from '#shared/analytics';
import { isPublic } from '#shared/publication';
import type { GroupCommit } from '../../db/group-commit';
import { toBool, toIsoOrNull } from '../../db/values';
import type { Logger } from '../../logger';
import { addToSums, byPageViewKey, type PageViews } from './page-view-sums';
import { fromTag } from './view-tag';

/** How often the counts held in memory are written (at most this much is lost in a crash). */
export const FLUSH_MS = 5_000;
/** Distinct pages (and languages) held per day between two writes; beyond, views are dropped. */
const MAX_PAGES = 20_000;
/**
 * Distinct referring hosts held per day between two writes, and stored per
 * day; beyond, they count as `other`. Any visitor names any host in
 * `Referer`, so neither memory nor the table grows past it.
 */
const MAX_HOSTS = 2_000;
/** Rows per statement (well within SQLite's limit on bound values). */
const CHUNK = 100;

type Counts = Map<string, Map<string, number>>;

/**
 * The company's time zone (settings `reply_time_zone`: where its days begin
 * and end), which views are counted by: `get` answers the one known now,
 * without waiting; `refresh` reads the setting again (before each write).
 */
export type CompanyTimeZone = { get(): string; refresh(): Promise<unknown> };

/** Days in UTC: what a counter without the company's zone goes by (tests). */
export const UTC_DAYS: CompanyTimeZone = { get: () => 'UTC', refresh: async () => undefined };

export type ViewCounter = {
  /** One view of `tag` (view-tag.ts) today (the company's day), from the referring `site` (a host) or none. */
  add(tag: string, site: string | null): void;
  /** Writes every view counted so far, added to the stored counts; resolves once committed. */
  flush(): Promise<void>;
  /** Writes every few seconds from now on. */
  start(): void;
  /** Stops the timer and writes what is left (a server stopping). */
  stop(): Promise<void>;
  /** How many distinct counts wait in memory to be written (pages and hosts, all days). */
  held(): { pages: number; hosts: number };
};

/**
 * Page views counted in memory and written in batches: a view is a map
 * increment (every cached page view pays it, so it must cost next to
 * nothing), and every FLUSH_MS the counts are added to `page_views` (and
 * its sums per month and per day, page-view-sums.ts) and `referrer_views`
 * in one transaction of the group commit, one upsert per row (`views =
 * views + excluded.views`), so several servers sharing a PostgreSQL
 * database add up; the rows go in the order of their keys, so
 * two servers' writes never deadlock on rows they both add to. A write
 * that fails keeps its counts for the next one, within the same bounds as
 * new counts. Views of an article or page that is not public when they are
 * written (a draft, one scheduled for later, one that no longer exists) are
 * dropped: anyone may report a view of any id (`POST /api/analytics/views`),
 * and only public pages are counted. Once a day has passed, its hosts with fewer
 * than RARE_REFERRER_VIEWS views are folded into `other` (the report counts
 * them so already): one-off hosts are not kept.
 *
 * A view counts on the company's day (`timeZone`), 23 or 25 hours long where
 * the clocks change; the zone is read again before each write, and views
 * counted after that write go by the zone it read.
 */
export function createViewCounter(deps: {
  writes: GroupCommit;
  logger?: Logger;
  clock?: () => number;
  flushMs?: number;
  timeZone?: CompanyTimeZone;
}): ViewCounter {
  const clock = deps.clock ?? Date.now;
  const zone = deps.timeZone ?? UTC_DAYS;
  let views: Counts = new Map();
  let sites: Counts = new Map();
  let day = '';
  let dayStarts = 0;
  let dayEnds = 0;
  let today = new Map<string, number>();
  let todaySites = new Map<string, number>();
  let timer: NodeJS.Timeout | undefined;
  let last: Promise<void> = Promise.resolve();
  let dropped = 0;
  /** The day whose earlier days' rare hosts were last folded into `other`. */
  let foldedBefore = '';

  function turnDay(now: number): void {
    const timeZone = zone.get();
    day = zoneDay(now, timeZone);
    dayStarts = dayStart(day, timeZone);
    dayEnds = dayStart(addDays(day, 1), timeZone);
    today = mapOf(views, day);
    todaySites = mapOf(sites, day);
  }

  function add(tag: string, site: string | null): void {
    const now = clock();
    if (now >= dayEnds || now < dayStarts) turnDay(now);
    const seen = today.get(tag);
    if (seen !== undefined) today.set(tag, seen + 1);
    else if (today.size < MAX_PAGES) today.set(tag, 1);
    else dropped++;
    if (site === null) return;
    const key = todaySites.has(site) || todaySites.size < MAX_HOSTS ? site : OTHER_REFERRER;
    todaySites.set(key, (todaySites.get(key) ?? 0) + 1);
  }

  /** Takes every count held (new ones go to fresh maps), writes them, gives them back on failure. */
  async function writeOut(): Promise<void> {
    if (views.size === 0 && sites.size === 0) return;
    // The zone as set now: the views from here on go by it (a failed read keeps the last).
    await zone.refresh().catch((err: unknown) => {
      deps.logger?.warn({ err }, 'time zone setting not read; the last one kept');
    });
    const taken = { views, sites };
    views = new Map();
    sites = new Map();
    dayEnds = 0;
    const now = clock();
    const fold = zoneDay(now, zone.get());
    try {
      await deps.writes.run(async (trx) => {
        const folding = foldedBefore !== fold;
        // Before its first write: a fold waits for another instance's, and the rows are
        // then written in one order by both, so neither holds a row the other needs.
        if (folding) await takeFoldLock(trx);
        await store(trx, taken.views, taken.sites, now);
        if (folding) await foldRareHosts(trx, fold);
      });
      foldedBefore = fold;
    } catch (err) {
      deps.logger?.warn({ err }, 'page views not written; kept for the next try');
      // Within the bounds of new counts: a database that stays down costs no more memory.
      dropped += merge(views, taken.views, MAX_PAGES, null);
      merge(sites, taken.sites, MAX_HOSTS, OTHER_REFERRER);
      dayEnds = 0;
    }
    if (dropped > 0) {
      deps.logger?.warn({ dropped }, 'page views dropped: too many distinct pages in one batch');
      dropped = 0;
    }
  }

  function flush(): Promise<void> {
    const next = last.then(writeOut);
    last = next.catch(() => undefined);
    return next;
  }

  const size = (counts: Counts) => [...counts.values()].reduce((n, map) => n + map.size, 0);

  return {
    add,
    flush,
    held: () => ({ pages: size(views), hosts: size(sites) }),
    start() {
      if (timer) return;
      timer = setInterval(() => void flush(), deps.flushMs ?? FLUSH_MS);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await flush();
    },
  };
}

function mapOf(counts: Counts, day: string): Map<string, number> {
  let map = counts.get(day);
  if (!map) counts.set(day, (map = new Map()));
  return map;
}

/**
 * Adds `from` to `into`, each day's keys at most `max`: beyond, counts go
 * to `overflow`, or are dropped without one. Answers how many were dropped.
 */
function merge(into: Counts, from: Counts, max: number, overflow: string | null): number {
  let dropped = 0;
  for (const [day, counts] of from) {
    const map = mapOf(into, day);
    for (const [key, n] of counts) {
      const to = map.has(key) || map.size < max ? key : overflow;
      if (to === null) dropped += n;
      else map.set(to, (map.get(to) ?? 0) + n);
    }
  }
  return dropped;
}

/**
 * Adds the counts to the stored ones, in the transaction `trx`: those of
 * articles and pages only when they are public at `now` (ms since the epoch).
 */
async function store(
  trx: Knex.Transaction,
  views: Counts,
  sites: Counts,
  now: number,
): Promise<void> {
  const rows: PageViews[] = [];
  for (const [day, counts] of views) {
    for (const [tag, n] of counts) {
      const view = fromTag(tag);
      if (view) rows.push([day, view.page, view.id, view.language, n]);
    }
  }
  const ids = [...new Set(rows.map((row) => row[2]).filter((id) => id !== 0))];
  const shown = new Set<number>();
  for (let i = 0; i < ids.length; i += CHUNK) {
    const found = await trx('news')
      .whereIn('id', ids.slice(i, i + CHUNK))
      .select('id', 'published', 'published_at');
    // Judged as the public read of one article or page judges it (news.service.ts getBySlug).
    for (const row of found as { id: unknown; published: unknown; published_at: unknown }[]) {
      const publication = {
        published: toBool(row.published),
        published_at: toIsoOrNull(row.published_at),
      };
      if (isPublic(publication, now)) shown.add(Number(row.id));
    }
  }
  // In the order of the primary key: two servers' writes lock the rows they share in the same
  // order, so on PostgreSQL neither waits for a row the other holds while holding one it needs.
  const kept = rows.filter((row) => row[2] === 0 || shown.has(row[2])).sort(byPageViewKey);
  for (let i = 0; i < kept.length; i += CHUNK) {
    const chunk = kept.slice(i, i + CHUNK);
    await trx.raw(
      `insert into page_views (day, page, document_id, language, views)
       values ${chunk.map(() => '(?, ?, ?, ?, ?)').join(', ')}
       on conflict (day, page, document_id, language)
       do update set views = page_views.views + excluded.views`,
      chunk.flat(),
    );
  }
  await addToSums(trx, kept);
  const hosts: HostViews[] = [];
  for (const [day, counts] of sites) hosts.push(...(await withinStoredHosts(trx, day, counts)));
  await addHostViews(trx, hosts);
}

const compare = (a: string | number, b: string | number) => (a < b ? -1 : a > b ? 1 : 0);

/** A day, a referring host and its views. */
type HostViews = [string, string, number];

/**
 * Adds each row's views to the stored ones of its day and host, in the
 * order of the primary key (day, host), as `store` writes `page_views`.
 */
async function addHostViews(trx: Knex.Transaction, rows: HostViews[]): Promise<void> {
  const sorted = [...rows].sort((a, b) => compare(a[0], b[0]) || compare(a[1], b[1]));
  for (let i = 0; i < sorted.length; i += CHUNK) {
    const chunk = sorted.slice(i, i + CHUNK);
    await trx.raw(
      `insert into referrer_views (day, host, views)
       values ${chunk.map(() => '(?, ?, ?)').join(', ')}
       on conflict (day, host) do update set views = referrer_views.views + excluded.views`,
      chunk.flat(),
    );
  }
}

/**
 * A day's counts by host as they may be stored: hosts the day already has,
 * and new ones while it holds fewer than MAX_HOSTS; the rest count as `other`.
 */
async function withinStoredHosts(
  trx: Knex.Transaction,
  day: string,
  counts: Map<string, number>,
): Promise<HostViews[]> {
  const names = [...counts.keys()];
  const known = new Set<string>();
  for (let i = 0; i < names.length; i += CHUNK) {
    const found = await trx('referrer_views')
      .where({ day })
      .whereIn('host', names.slice(i, i + CHUNK))
      .select('host');
    for (const row of found as { host: unknown }[]) known.add(String(row.host));
  }
  const held = await trx('referrer_views').where({ day }).count({ n: '*' }).first();
  let room = MAX_HOSTS - Number(held?.n ?? 0);
  let other = 0;
  const rows: HostViews[] = [];
  for (const [host, n] of counts) {
    if (host === OTHER_REFERRER) other += n;
    else if (known.has(host)) rows.push([day, host, n]);
    else if (room > 0) {
      room--;
      rows.push([day, host, n]);
    } else other += n;
  }
  if (other > 0) rows.push([day, OTHER_REFERRER, other]);
  return rows;
}

/** The lock a fold takes on PostgreSQL ("forg", "fold"); SQLite writes one transaction at a time. */
const FOLD_LOCK_KEY = [0x666f7267, 0x666f6c64] as const;

/**
 * Makes a fold wait for another instance's, to the end of its transaction:
 * two folding at once each read the same rare hosts' sums before either had
 * deleted them, and `other` got them twice.
 */
async function takeFoldLock(trx: Knex.Transaction): Promise<void> {
  if (trx.client.config.client === 'sqlite3') return;
  await trx.raw('select pg_advisory_xact_lock(?, ?)', [...FOLD_LOCK_KEY]);
}

/**
 * Folds the hosts of the days before `day` with fewer than
 * RARE_REFERRER_VIEWS views into each day's `other` row, and deletes them.
 */
async function foldRareHosts(trx: Knex.Transaction, day: string): Promise<void> {
  const rare = () =>
    trx('referrer_views')
      .where('day', '<', day)
      .where('views', '<', RARE_REFERRER_VIEWS)
      .whereNot('host', OTHER_REFERRER);
  const sums = (await rare().select('day').sum({ n: 'views' }).groupBy('day')) as {
    day: unknown;
    n: unknown;
  }[];
  if (sums.length === 0) return;
  await addHostViews(
    trx,
    sums.map((row): HostViews => [String(row.day), OTHER_REFERRER, Number(row.n)]),
  );
  await rare().delete();
}
