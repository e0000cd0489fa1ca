import { Router } from 'express';
import { NEWS_PAGE_SIZE } from '#shared/pagination';
import { requireAdmin } from '../../http/guards';
import { idParam, listQuery } from '../../http/params';
import { requestLanguage } from '../../i18n';
import type { NewsService } from './news.service';

/** `/api/news`: the public list and article in the request's language, and the admin's writes. */
export function createNewsRouter({ news }: { news: NewsService }) {
  const router = Router();

  router.get('/', async (req, res) => {
    const q = listQuery(req.query);
    const page = q.page ?? 1;
    const perPage = q.per_page ?? NEWS_PAGE_SIZE;
    const category = q.category || undefined;
    const language = requestLanguage(req);
    res.json({ data: await news.listPublished({ page, perPage, category, language }) });
  });

  router.get('/categories', async (_req, res) => {
    res.json({ data: await news.categories() });
  });

  router.get('/admin', requireAdmin, async (req, res) => {
    const { page, per_page: perPage, published, missing } = listQuery(req.query);
    res.json({ data: await news.listAdmin({ page, perPage, published, missing }) });
  });

  router.get('/:slug', async (req, res) => {
    const admin = req.session?.user?.is_admin === true;
    const article = await news.getBySlug(req.params.slug, {
      includeDrafts: admin,
      withTranslations: admin,
      language: requestLanguage(req),
    });
    res.json({ data: { news: article } });
  });

  router.post('/', requireAdmin, async (req, res) => {
    res.status(201).json({ data: await news.create(req.body) });
  });

  router.put('/:id', requireAdmin, async (req, res) => {
    res.json({ data: await news.update(idParam(req.params.id), req.body) });
  });

  router.delete('/:id', requireAdmin, async (req, res) => {
    res.json({ data: await news.remove(idParam(req.params.id)) });
  });

  return router;
}
