/**
 * The large data of `npm run bench:data`, written straight through the
 * services (as the API would, without HTTP in between) into the database
 * of a stopped server: articles with Portuguese and German versions, and
 * enquiries spread over two years, about one in ten of them spam; then
 * years of page views and referrers, bulk-inserted (`seedViews`).
 */
import type { Knex } from 'knex';
import { utcDay } from '#shared/day-series';
import { createContentVersion } from '../server/content-version';
import { createGroupCommit, transactionPerWrite } from '../server/db/group-commit';
import { createDb, isEmbedded } from '../server/db/knex';
import { createContactsService } from '../server/features/contacts/contacts.service';
import { createNewsService } from '../server/features/news/news.service';

const CATEGORIES = ['research', 'robotics', 'ai-innovation', 'partnership', 'technology'];
const TWO_YEARS_MS = 2 * 365 * 24 * 60 * 60 * 1000;
/** Enquiries in flight at once: what lets group commit gather them on SQLite. */
const ENQUIRIES_AT_ONCE = 64;
/** Articles in flight at once: each is a transaction of its own, waiting its turn to write. */
const ARTICLES_AT_ONCE = 2;

function article(n: number) {
  const body = (word: string) =>
    Array.from(
      { length: 4 },
      (_, i) =>
        `${word} ${i + 1} of report ${n}: cycle times, scrap rates and changeover losses on ` +
        `line ${n % 17}, measured before and after the retrofit of cell ${n % 31}.`,
    ).join('\n\n');
  return {
    title: `Field report ${n}: ${CATEGORIES[n % CATEGORIES.length]} on line ${n % 17}`,
    excerpt: `What plant ${n} learned, in numbers and in practice.`,
    content: `## What changed\n\n${body('Paragraph')}`,
    category: CATEGORIES[n % CATEGORIES.length]!,
    slug: `data-report-${n}`,
    published: true,
    translations: {
      pt: {
        title: `Relatório de campo ${n}: linha ${n % 17}`,
        excerpt: `O que a fábrica ${n} aprendeu, em números e na prática.`,
        content: `## O que mudou\n\n${body('Parágrafo')}`,
      },
      de: {
        title: `Praxisbericht ${n}: Linie ${n % 17}`,
        excerpt: `Was Werk ${n} gelernt hat, in Zahlen und in der Praxis.`,
        content: `## Was sich geändert hat\n\n${body('Absatz')}`,
      },
    },
  };
}

const FIRST = ['Ana', 'João', 'Jürgen', 'Maria', 'Lukas', 'Inês', 'Sophie', 'Pedro'];
const LAST = ['Silva', 'Müller', 'Costa', 'Schmidt', 'Ferreira', 'Weber', 'Santos'];

function enquiry(n: number) {
  const name = `${FIRST[n % FIRST.length]} ${LAST[n % LAST.length]} ${n}`;
  if (n % 10 === 9) {
    // Spam: nothing but a link.
    return { name, email: `offer${n}@spam.example`, message: `http://spam.example/offer-${n}` };
  }
  return {
    name,
    email: `buyer${n}@plant${n % 97}.example.com`,
    company: `Plant ${n % 97} GmbH`,
    message:
      `Enquiry ${n}: we run ${2 + (n % 9)} welding cells on line ${n % 17} and would like ` +
      `a quote for vision inspection and a retrofit plan for cell ${n % 31}.`,
  };
}

/** Runs `work(i)` for i in [0, count), `parallel` at a time, reporting progress now and then. */
async function inParallel(
  label: string,
  count: number,
  parallel: number,
  work: (i: number) => Promise<unknown>,
): Promise<void> {
  let next = 0;
  let lastReport = Date.now();
  const worker = async () => {
    while (next < count) {
      const i = next++;
      await work(i);
      if (Date.now() - lastReport > 15_000) {
        lastReport = Date.now();
        console.log(`  ${label}: ${i + 1} of ${count}`);
      }
    }
  };
  await Promise.all(Array.from({ length: parallel }, worker));
}

export type SeedCounts = { articles: number; enquiries: number };

/** Adds the articles and enquiries to the database; answers how long each took (ms). */
export async function seedData(
  target: { dataDir: string; databaseUrl: string | undefined },
  counts: SeedCounts,
): Promise<{ articlesMs: number; enquiriesMs: number }> {
  const db = createDb(target);
  try {
    let started = performance.now();
    const news = createNewsService({ db, content: createContentVersion() });
    await inParallel('articles', counts.articles, ARTICLES_AT_ONCE, (i) =>
      news.create(article(i + 1)),
    );
    const articlesMs = performance.now() - started;

    started = performance.now();
    const end = Date.now();
    let at = new Date(end - TWO_YEARS_MS);
    const writes = isEmbedded(db) ? createGroupCommit(db) : transactionPerWrite(db);
    const contacts = createContactsService({ db, writes, clock: () => at });
    await inParallel('enquiries', counts.enquiries, ENQUIRIES_AT_ONCE, async (i) => {
      at = new Date(end - TWO_YEARS_MS + (i * TWO_YEARS_MS) / counts.enquiries);
      const language = (['en', 'pt', 'de'] as const)[i % 3]!;
      await contacts.submit(enquiry(i + 1), { language });
    });
    await writes.settled();
    const enquiriesMs = performance.now() - started;
    // What autovacuum does within minutes of a bulk load (and a database
    // that grew over years has had done): the tables vacuumed and their
    // statistics read. Otherwise the reads after seeding are timed while
    // autovacuum works through 110,000 new rows beside them, and planned on
    // statistics of the demo's few. SQLite keeps no statistics unless told
    // to, and the server never tells it: its reads are timed as it plans them.
    if (!isEmbedded(db)) await db.raw('vacuum (analyze)');
    return { articlesMs, enquiriesMs };
  } finally {
    await db.destroy();
  }
}

export type ViewCounts = {
  /** Articles with views every day (the first ones of `news`, by id). */
  documents: number;
  /** Days of views, ending today (UTC). */
  days: number;
  /** Referring hosts with views every day (each 5 or more, so none is folded into `other`). */
  hosts: number;
};

const VIEW_LANGUAGES = ['en', 'pt', 'de'] as const;
const SITE_PAGES = ['home', 'news', 'contact', 'privacy'] as const;
/** Rows per insert statement: 6 values each, within SQLite's limit on bound values. */
const VIEW_ROWS_AT_ONCE = 500;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Years of page views and referrers, written straight into `page_views` and
 * `referrer_views` (bulk inserts in a few transactions, not through the
 * counter: what years of flushes would have left), and their sums per
 * month and per day made from them: every article of the
 * first `documents` and every site page read in each language every day,
 * some of them with an enquiry, and `hosts` referring sites a day plus
 * `other`. Answers how long it took (ms).
 */
export async function seedViews(
  target: { dataDir: string; databaseUrl: string | undefined },
  counts: ViewCounts,
): Promise<number> {
  const db = createDb(target);
  try {
    const started = performance.now();
    const ids = (
      (await db('news').orderBy('id').limit(counts.documents).select('id')) as { id: number }[]
    ).map((row) => Number(row.id));
    const pages: [string, number][] = [
      ...SITE_PAGES.map((page): [string, number] => [page, 0]),
      ...ids.map((id): [string, number] => ['document', id]),
    ];
    const today = Math.floor(Date.now() / DAY_MS) * DAY_MS;
    const insert = async (trx: Knex, table: string, rows: unknown[][], columns: string[]) => {
      for (let i = 0; i < rows.length; i += VIEW_ROWS_AT_ONCE) {
        const chunk = rows.slice(i, i + VIEW_ROWS_AT_ONCE);
        const values = `(${columns.map(() => '?').join(', ')})`;
        await trx.raw(
          `insert into ${table} (${columns.join(', ')}) values ${chunk.map(() => values).join(', ')}`,
          chunk.flat() as Knex.RawBinding[],
        );
      }
    };
    // A month of days per transaction: few commits, and no transaction holding millions of rows.
    for (let first = 0; first < counts.days; first += 30) {
      await db.transaction(async (trx) => {
        for (let d = first; d < Math.min(first + 30, counts.days); d++) {
          const day = utcDay(today - (counts.days - 1 - d) * DAY_MS);
          const rows: unknown[][] = [];
          for (const [p, [page, id]] of pages.entries()) {
            for (const [l, language] of VIEW_LANGUAGES.entries()) {
              const views = 1 + ((d * 7 + p * 13 + l * 5) % 40);
              const enquiries = (d + p + l) % 29 === 0 ? 1 : 0;
              rows.push([day, page, id, language, views, enquiries]);
            }
          }
          await insert(trx, 'page_views', rows, [
            'day',
            'page',
            'document_id',
            'language',
            'views',
            'enquiries',
          ]);
          const hosts: unknown[][] = Array.from({ length: counts.hosts }, (_, h) => [
            day,
            `site-${h}.example.com`,
            5 + ((d + h * 3) % 60),
          ]);
          hosts.push([day, 'other', 20 + (d % 30)]);
          await insert(trx, 'referrer_views', hosts, ['day', 'host', 'views']);
        }
      });
    }
    // The sums the counter keeps as it writes, made from the rows as the migration made them.
    await db.transaction(async (trx) => {
      await trx('page_view_months').delete();
      await trx('page_view_days').delete();
      await trx.raw(
        `insert into page_view_months (month, page, document_id, language, views, enquiries, last_day)
         select substr(day, 1, 7), page, document_id, language, sum(views), sum(enquiries), max(day)
           from page_views
          group by substr(day, 1, 7), page, document_id, language`,
      );
      await trx.raw(
        `insert into page_view_days (day, views) select day, sum(views) from page_views group by day`,
      );
    });
    if (!isEmbedded(db)) {
      await db.raw('vacuum (analyze) page_views, page_view_months, page_view_days, referrer_views');
    }
    return performance.now() - started;
  } finally {
    await db.destroy();
  }
}
