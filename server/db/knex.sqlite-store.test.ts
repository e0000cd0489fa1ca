import { statSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../tests/support/test-app';
import { createNewsService } from '../features/news/news.service';
import { createContentVersion } from '../content-version';
import { MIGRATIONS } from './migrations';
import { SECRET_FILE, loadSessionSecret } from './session-secret';
import { demoVersions, seedDemoContent } from './seed/seed-demo';
import { DEMO_ARTICLES } from './seed/demo-articles';
import { slugProblem } from '#shared/slug';
import { NEWS_CATEGORIES } from '#shared/news';

const apps: TestApp[] = [];
async function start(env: Record<string, string> = {}, dir?: string) {
  const t = await createTestApp(env, dir);
  apps.push(t);
  return t;
}
afterEach(async () => {
  for (const t of apps.splice(0)) await t.destroy();
});

type IndexRow = { name: string; unique: number };

describe('the SQLite store', () => {
  it('runs in WAL mode with foreign keys, a 3 s busy timeout and durable commits', async () => {
    const { db } = await start();
    expect(await db.raw('PRAGMA journal_mode')).toEqual([{ journal_mode: 'wal' }]);
    expect(await db.raw('PRAGMA foreign_keys')).toEqual([{ foreign_keys: 1 }]);
    expect(await db.raw('PRAGMA busy_timeout')).toEqual([{ timeout: 3000 }]);
    // 2 = FULL: a commit is on disk before the answer goes out.
    expect(await db.raw('PRAGMA synchronous')).toEqual([{ synchronous: 2 }]);
  });

  it('has the unique slug and the list indexes', async () => {
    const { db } = await start();
    const news: IndexRow[] = await db.raw("PRAGMA index_list('news')");
    expect(news.find((i) => i.name === 'news_published_published_at_index')).toBeTruthy();
    expect(news.some((i) => i.unique === 1 && /slug/.test(i.name))).toBe(true);
    const contacts: IndexRow[] = await db.raw("PRAGMA index_list('contacts')");
    expect(contacts.find((i) => i.name === 'contacts_read_created_at_index')).toBeTruthy();
    const columns: { name: string }[] = await db.raw(
      "PRAGMA index_info('contacts_read_created_at_index')",
    );
    expect(columns.map((c) => c.name)).toEqual(['read', 'created_at']);
  });

  it('migrates again without changes on restart', async () => {
    const first = await createTestApp();
    await first.close();
    const second = await start({}, first.dataDir);
    const done = await second.db('knex_migrations').count({ n: '*' }).first();
    expect(Number(done?.n)).toBe(MIGRATIONS.length);
  });
});

describe('session secret', () => {
  it('is generated once in DATA_DIR with mode 0600, unless configured', async () => {
    const t = await start();
    const file = path.join(t.dataDir, SECRET_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const secret = loadSessionSecret({ dataDir: t.dataDir, sessionSecret: undefined });
    expect(secret.length).toBeGreaterThanOrEqual(32);
    expect(loadSessionSecret({ dataDir: t.dataDir, sessionSecret: undefined })).toBe(secret);
    expect(loadSessionSecret({ dataDir: t.dataDir, sessionSecret: 'c'.repeat(40) })).toBe(
      'c'.repeat(40),
    );
  });
});

describe('demo content', () => {
  it('is valid, varied and realistic', () => {
    expect(DEMO_ARTICLES.length).toBeGreaterThanOrEqual(8);
    expect(new Set(DEMO_ARTICLES.map((a) => a.category))).toEqual(new Set(NEWS_CATEGORIES));
    for (const article of DEMO_ARTICLES) {
      expect(slugProblem(article.slug)).toBeNull();
      expect(article.content).toMatch(/^## /m);
      expect(article.content).toMatch(/^(- |\d+\. )/m);
      expect(article.content).toMatch(/\[[^\]]+\]\((https:\/\/|\/)[^)]+\)/);
    }
    expect(new Set(DEMO_ARTICLES.map((a) => a.slug)).size).toBe(DEMO_ARTICLES.length);
  });

  it('comes in Portuguese and German for at least half the articles, keeping structure and links', () => {
    const versions = DEMO_ARTICLES.map(demoVersions);
    const translated = versions.filter((v) => Object.keys(v).length > 1);
    expect(translated.length * 2).toBeGreaterThanOrEqual(DEMO_ARTICLES.length);
    expect(versions.filter((v) => v.pt && v.de).length).toBeGreaterThanOrEqual(4);
    expect(translated.length).toBeLessThan(DEMO_ARTICLES.length);
    const shape = (content: string) => ({
      headings: content.match(/^#+ /gm)?.length,
      items: content.match(/^(- |\d+\. )/gm)?.length,
      links: [...content.matchAll(/\]\(([^)]+)\)/g)].map((m) => m[1]),
    });
    for (const v of translated) {
      for (const text of [v.pt, v.de]) {
        if (!text) continue;
        expect(shape(text.content)).toEqual(shape(v.en!.content));
        expect(text.title.length).toBeLessThanOrEqual(200);
        expect(text.excerpt.length).toBeLessThanOrEqual(500);
      }
    }
  });

  it('shows each language on first start: translations, an article written in Portuguese, and English only', async () => {
    const t = await start({ SEED_DEMO: 'true' });
    const news = createNewsService({ db: t.db, content: createContentVersion() });
    const german = await news.getBySlug('vision-guided-bin-picking', { language: 'de' });
    expect(german).toMatchObject({ language: 'de', languages: ['en', 'pt', 'de'] });
    expect(german.title).toMatch(/Griff in die Kiste/);
    const portuguese = await news.getBySlug('sustainable-automation-research-programme', {
      language: 'de',
    });
    expect(portuguese).toMatchObject({
      language: 'pt',
      source_language: 'pt',
      languages: ['en', 'pt'],
    });
    const english = await news.getBySlug('legacy-plc-integration', { language: 'pt' });
    expect(english).toMatchObject({ language: 'en', languages: ['en'] });
    const admin = await news.listAdmin();
    expect(admin.every((a) => Object.values(a.translations).every((tr) => !tr.outdated))).toBe(
      true,
    );
  });

  it('SEED_DEMO fills an empty database once, spread over recent months', async () => {
    const t = await start({ SEED_DEMO: 'true' });
    const rows = await t.db('news').select('published', 'published_at');
    expect(rows).toHaveLength(DEMO_ARTICLES.length);
    expect(rows.every((r) => r.published === 1)).toBe(true);
    expect(new Set(rows.map((r) => String(r.published_at).slice(0, 10))).size).toBe(rows.length);
    expect(await seedDemoContent(t.db)).toBe(0);
  });

  it('does not come back after an admin deleted every article and the server restarted', async () => {
    const first = await createTestApp({ SEED_DEMO: 'true' });
    await first.db('news').del();
    await first.close();
    const second = await start({ SEED_DEMO: 'true' }, first.dataDir);
    const row = await second.db('news').count({ n: '*' }).first();
    expect(Number(row?.n)).toBe(0);
  });

  it('leaves a database that already holds articles alone, for good', async () => {
    const t = await start({ SEED_DEMO: 'false' });
    const now = new Date().toISOString();
    const own = { title: 'Ours', excerpt: 'E', content: 'C', category: 'robotics', slug: 'ours' };
    await t
      .db('news')
      .insert({ ...own, published: true, published_at: now, created_at: now, updated_at: now });
    expect(await seedDemoContent(t.db)).toBe(0);
    await t.db('news').del();
    expect(await seedDemoContent(t.db)).toBe(0);
  });

  it('SEED_DEMO=false leaves the database empty', async () => {
    const t = await start({ SEED_DEMO: 'false' });
    const row = await t.db('news').count({ n: '*' }).first();
    expect(Number(row?.n)).toBe(0);
  });
});
