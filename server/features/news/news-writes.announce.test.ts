import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newsServicesOn } from '../../../tests/support/stores';
import { createTestDb } from '../../../tests/support/test-app';
import { createContentVersion } from '../../content-version';
import { createNewsService } from './news.service';
import { createPagesService } from './pages.service';

/**
 * A committed write is announced (content-version.ts: the caches of public
 * pages drop what they hold) even when what comes after the commit fails:
 * the read of the row it answers with, or the audit record.
 */
describe('a write whose answer cannot be read', () => {
  let t: Awaited<ReturnType<typeof createTestDb>>;
  let services: ReturnType<typeof newsServicesOn>;
  beforeAll(async () => {
    t = await createTestDb();
    services = newsServicesOn(t);
  });
  afterAll(() => t.destroy());

  /**
   * Runs `write` with the database failing the first read of `news` made
   * outside a transaction once the write has changed a row: the read of the
   * row it answers with, after the commit.
   */
  async function withFailingReread(write: () => Promise<unknown>): Promise<unknown> {
    let written = false;
    let inTransaction = false;
    const fail = ({ sql }: { sql: string }) => {
      if (/^\s*begin\b/i.test(sql)) inTransaction = true;
      else if (/^\s*(commit|rollback)\b/i.test(sql)) inTransaction = false;
      else if (/^\s*(insert into|update|delete from)\s+.news.\s/i.test(sql)) written = true;
      else if (written && !inTransaction && /^\s*select\b.*\sfrom\s+.news.\s/i.test(sql)) {
        written = false;
        throw new Error('the database went away');
      }
    };
    t.db.on('query', fail);
    try {
      await write();
      return null;
    } catch (error) {
      return error;
    } finally {
      t.db.removeListener('query', fail);
    }
  }

  const page = { content: 'Text', slug: 'about', nav: 'header', published: true };

  it('still leaves the menus showing what was saved', async () => {
    const { pages } = services;
    const stored = await pages.create({ ...page, title: 'About us' });
    expect((await pages.navigation()).map((p) => p.titles.en)).toEqual(['About us']);

    const error = await withFailingReread(() =>
      pages.update(stored.id, { ...page, title: 'About Forge' }),
    );
    expect(error).toMatchObject({ message: expect.stringContaining('the database went away') });
    expect((await pages.getById(stored.id)).title).toBe('About Forge');
    expect((await pages.navigation()).map((p) => p.titles.en)).toEqual(['About Forge']);

    expect(await withFailingReread(() => pages.setPublished(stored.id, false))).not.toBeNull();
    expect(await pages.navigation()).toEqual([]);
  });

  it('moves the version of public content for each write of an article', async () => {
    const content = createContentVersion();
    // The audit trail refuses the record of a deletion, made after it is committed.
    const audit = {
      record: async (_who: unknown, entry: { action: string }) => {
        if (entry.action === 'article.deleted') throw new Error('the audit trail went away');
      },
    };
    const news = createNewsService({ db: t.db, content, audit });
    const article = {
      title: 'Robot cell',
      excerpt: 'Short',
      content: 'Body',
      category: 'robotics',
      slug: 'robot-cell',
      published: true,
    };
    const moves = async (write: () => Promise<unknown>) => {
      const before = content.current();
      const error = await withFailingReread(write);
      expect(error).toBeInstanceOf(Error);
      return content.current() - before;
    };

    expect(await moves(() => news.create(article))).toBe(1);
    const { id } = (await news.listAdmin())[0]!;
    expect(await moves(() => news.update(id, { ...article, title: 'Robot cell, live' }))).toBe(1);
    expect(await moves(() => news.setPublished(id, false))).toBe(1);
    expect(await moves(() => news.remove(id))).toBe(1);
    expect(await news.listAdmin()).toEqual([]);
  });
  it('moves the version of public content when the menu is reordered, audit or not', async () => {
    const content = createContentVersion();
    // The audit trail refuses the record of the new order, made after it is committed.
    const audit = {
      record: async (_who: unknown, entry: { action: string }) => {
        if (entry.action === 'page.reordered') throw new Error('the audit trail went away');
      },
    };
    const pages = createPagesService({ db: t.db, content, audit });
    const first = await pages.create({ ...page, slug: 'first', title: 'First' });
    const second = await pages.create({ ...page, slug: 'second', title: 'Second' });
    const menu = async () => (await pages.navigation()).map((p) => p.titles.en);
    expect(await menu()).toEqual(['First', 'Second']);

    const version = content.current();
    await expect(pages.reorder({ ids: [second.id, first.id] })).rejects.toThrow(
      'the audit trail went away',
    );
    expect(content.current()).toBe(version + 1);
    expect(await menu()).toEqual(['Second', 'First']);
  });
});
