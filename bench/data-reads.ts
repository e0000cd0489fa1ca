/**
 * The reads `npm run bench:data` times on the running server: what the
 * admin loads (its lists a page at a time, searched, the statistics) and
 * what the public site answers, each the median of five requests, plus the
 * CSV export of every enquiry with the server's memory while it streams.
 */
import { rssMiB } from './server-process';

export type Read = { name: string; path: string; admin: boolean };
export type Timed = { ms: number; bytes: number; status: number };
export type ExportFigures = {
  firstByteMs: number;
  totalMs: number;
  bytes: number;
  /** The server's resident memory at its highest during the export, above where it started. */
  addedMiB: number;
};

const TIMES = 5;
/**
 * Requests of each read before those timed: its code compiled, as in a
 * server that has run a while. One left the first searches on years of
 * data timed half in the interpreter (on PostgreSQL 27, 16, 16, 16 and 17 ms
 * for the article search, then 13 ms and below), which says nothing of how
 * its cost grows with the data.
 */
const WARM_UPS = 3;

/** The reads: `/news` at its last page, and one article (by its slug). */
export function readsOf(lastNewsPage: number, articleSlug: string): Read[] {
  const admin = (name: string, path: string): Read => ({ name, path, admin: true });
  const site = (name: string, path: string): Read => ({ name, path, admin: false });
  return [
    admin('admin: articles, first page', '/api/news/admin?page=1&per_page=25'),
    admin('admin: articles searched', '/api/news/admin?page=1&per_page=25&q=retrofit%20cell'),
    admin('admin: articles missing German', '/api/news/admin?page=1&per_page=25&missing=de'),
    admin('admin: enquiries, first page', '/api/contacts?page=1&per_page=25'),
    admin('admin: enquiries searched', '/api/contacts?page=1&per_page=25&q=welding%20quote'),
    admin('admin: spam folder', '/api/contacts?page=1&per_page=25&spam=true'),
    admin('admin: enquiries overdue first', '/api/contacts?page=1&per_page=25&sort=unreplied'),
    admin('admin: enquiry statistics', '/api/contacts/stats'),
    admin('admin: audit log', '/api/audit?page=1&per_page=50'),
    site('sitemap index', '/sitemap.xml'),
    site('sitemap of articles', '/sitemap-news-1.xml'),
    site('news, last page', `/news?page=${lastNewsPage}`),
    site('an article', `/${articleSlug}`),
    site('RSS', '/rss.xml'),
    site('public news API', '/api/news'),
  ];
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The analytics report (`GET /api/analytics?days=`) for each period the
 * admin offers (ANALYTICS_PERIODS), and the period ending today that
 * starts on the 16th of the month eleven months back: the most days the
 * report sums one by one (half of its first month) beside the later
 * months' kept sums, whatever day the bench runs.
 */
export function analyticsReadsOf(periods: readonly number[], today = new Date()): Read[] {
  const admin = (name: string, path: string): Read => ({ name, path, admin: true });
  const midnight = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  const sixteenth = Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - 11, 16);
  const longest = Math.round((midnight - sixteenth) / DAY_MS) + 1;
  return [
    ...periods.map((days) => admin(`analytics: ${days} days`, `/api/analytics?days=${days}`)),
    admin(
      `analytics: ${longest} days, from a month's 16th`,
      `/api/analytics?days=${Math.min(longest, 365)}`,
    ),
  ];
}

/** Signs in; answers the session cookie. */
export async function signIn(base: string, user: { username: string; password: string }) {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(user),
  });
  if (!res.ok) throw new Error(`bench admin could not sign in (${res.status})`);
  return (res.headers.get('set-cookie') ?? '').split(';')[0]!;
}

/** One request, timed to its last byte (uncompressed: the bytes are what the server built). */
async function timeOnce(url: string, cookie: string | undefined): Promise<Timed> {
  const started = performance.now();
  const res = await fetch(url, {
    headers: { 'Accept-Encoding': 'identity', ...(cookie ? { Cookie: cookie } : {}) },
  });
  const body = await res.arrayBuffer();
  return { ms: performance.now() - started, bytes: body.byteLength, status: res.status };
}

/** The median of TIMES requests of each read, after WARM_UPS unmeasured ones. */
export async function timeReads(
  base: string,
  reads: Read[],
  cookie: string,
): Promise<Map<string, Timed>> {
  const out = new Map<string, Timed>();
  for (const read of reads) {
    const url = `${base}${read.path}`;
    const auth = read.admin ? cookie : undefined;
    for (let i = 0; i < WARM_UPS; i++) await timeOnce(url, auth);
    const runs: Timed[] = [];
    for (let i = 0; i < TIMES; i++) runs.push(await timeOnce(url, auth));
    runs.sort((a, b) => a.ms - b.ms);
    out.set(read.name, runs[Math.floor(TIMES / 2)]!);
  }
  return out;
}

/** Downloads the CSV export of the inbox, watching the server's memory (every 5 ms) meanwhile. */
export async function timeExport(base: string, cookie: string, pid: number) {
  const before = rssMiB(pid);
  let peak = before;
  const watch = setInterval(() => {
    peak = Math.max(peak, rssMiB(pid));
  }, 5);
  try {
    const started = performance.now();
    const res = await fetch(`${base}/api/contacts/export`, {
      headers: { Cookie: cookie, 'Accept-Encoding': 'identity' },
    });
    if (!res.ok || !res.body) throw new Error(`export answered ${res.status}`);
    let firstByteMs = 0;
    let bytes = 0;
    const reader = res.body.getReader();
    for (let part = await reader.read(); !part.done; part = await reader.read()) {
      if (bytes === 0) firstByteMs = performance.now() - started;
      bytes += part.value.byteLength;
    }
    const totalMs = performance.now() - started;
    peak = Math.max(peak, rssMiB(pid));
    return { firstByteMs, totalMs, bytes, addedMiB: peak - before } satisfies ExportFigures;
  } finally {
    clearInterval(watch);
  }
}
