import type { ContentChanges } from '../../content-version';
import type { Db } from '../../db/knex';
import { NOBODY, type Who } from '../../http/who';
import { NO_AUDIT, type AuditRecorder } from '../../audit-recorder';

export type DemoArticle = { id: number; slug: string; title: string };

export interface DemoContentService {
  /** The demo articles still there (seeded on a first start), newest first. */
  list(): Promise<{ articles: DemoArticle[] }>;
  /**
   * Deletes every demo article with its translations, revisions, share links
   * and old slugs; recorded as `article.demo_removed` with how many went.
   */
  removeAll(who?: Who): Promise<{ removed: number }>;
}

/**
 * Demo content: the articles SEED_DEMO wrote on a first start, recorded in
 * `demo_content`, shown as such in the admin and removed in one action.
 * Deleting an article removes its mark with it (foreign key).
 */
export function createDemoContentService({
  db,
  content,
  audit = NO_AUDIT,
}: {
  db: Db;
  /** Told when articles went: the public pages change. */
  content: Pick<ContentChanges, 'changed'>;
  audit?: AuditRecorder;
}): DemoContentService {
  const demo = () => db('news').join('demo_content', 'demo_content.news_id', 'news.id');
  return {
    async list() {
      const rows = await demo()
        .select('news.id', 'news.slug', 'news.title')
        .orderBy([
          { column: 'news.created_at', order: 'desc' },
          { column: 'news.id', order: 'desc' },
        ]);
      return {
        articles: rows.map((r) => ({
          id: Number(r.id),
          slug: String(r.slug),
          title: String(r.title),
        })),
      };
    },

    async removeAll(who = NOBODY) {
      const removed = await db.transaction(async (trx) => {
        const ids = (await trx('demo_content').pluck('news_id')) as number[];
        return ids.length === 0 ? 0 : Number(await trx('news').whereIn('id', ids).delete());
      });
      await audit.record(who, { action: 'article.demo_removed', summary: String(removed) });
      if (removed > 0) await content.changed(`demo articles removed (${removed})`);
      return { removed };
    },
  };
}
