import type { Request, Response } from 'express';
import { ArticleListQuerySchema } from '#shared/news-list';
import { NEWS_PAGE_SIZE } from '#shared/pagination';
import { NotFoundError } from '../../errors';
import { whoOf } from '../../http/who';
import { allow, holds } from '../../http/guards';
import { sendList } from '../../http/list-response';
import { createRouter } from '../../http/router';
import { idParam, publicListQuery, queryBy } from '../../http/params';
import { publicQuery, readsQuery } from '../../http/public-query';
import { requestLanguage } from '../../i18n';
import { newsListRules, type ListBounds } from './list-bounds';
import type { NewsService } from './news.service';
import type { PreviewsService } from './previews.service';
import type { RevisionsService } from './revisions.service';

type NewsRouterDeps = {
  news: NewsService;
  previews: PreviewsService;
  revisions: RevisionsService;
  /** How far the public list goes: its query rules keep no answer past the last page. */
  bounds: ListBounds;
};

/**
 * `/api/news`: the public list and article in the request's language, and
 * the admin's writes. The public reads declare the query parameters they
 * read (`readsQuery`): the page cache keeps their answers under those alone.
 */
export function createNewsRouter({ news, previews, revisions, bounds }: NewsRouterDeps) {
  const router = createRouter();

  const list = readsQuery(publicQuery(newsListRules(bounds)));
  router.get('/', allow('anyone'), list, async (req, res) => {
    const q = publicListQuery(req.query);
    const page = q.page ?? 1;
    const perPage = q.per_page ?? NEWS_PAGE_SIZE;
    const category = q.category || undefined;
    const language = requestLanguage(req);
    res.json({ data: await news.listPublished({ page, perPage, category, language }) });
  });

  router.get('/categories', allow('anyone'), readsQuery(publicQuery()), async (_req, res) => {
    res.json({ data: await news.categories() });
  });

  router.get('/admin', allow('articles'), async (req, res) => {
    const { page, ...query } = queryBy(ArticleListQuerySchema, req.query);
    sendList(res, page ? await news.pageAdmin({ page, ...query }) : await news.listAdmin(query));
  });

  router.get('/:slug', allow('anyone'), readsQuery(publicQuery()), (req, res) =>
    articleOrRedirect(news, req, res),
  );

  router.post('/', allow('content'), async (req, res) => {
    res.status(201).json({ data: await news.create(req.body, whoOf(req)) });
  });

  router.put('/:id', allow('content'), async (req, res) => {
    res.json({ data: await news.update(idParam(req.params.id), req.body, whoOf(req)) });
  });

  router.delete('/:id', allow('content'), async (req, res) => {
    res.json({ data: await news.remove(idParam(req.params.id), whoOf(req)) });
  });

  router.post('/:id/previews', allow('content'), async (req, res) => {
    res
      .status(201)
      .json({ data: await previews.create(idParam(req.params.id), req.body, whoOf(req)) });
  });

  router.get('/:id/previews', allow('content'), async (req, res) => {
    res.json({ data: await previews.list(idParam(req.params.id)) });
  });

  router.delete('/:id/previews/:previewId', allow('content'), async (req, res) => {
    const [id, previewId] = [idParam(req.params.id), idParam(req.params.previewId)];
    res.json({ data: await previews.revoke(id, previewId, whoOf(req)) });
  });

  router.get('/:id/revisions', allow('articles'), async (req, res) => {
    res.json({ data: await revisions.list(idParam(req.params.id), req.query) });
  });

  router.post('/:id/revisions/:revisionId/restore', allow('content'), async (req, res) => {
    const [id, revisionId] = [idParam(req.params.id), idParam(req.params.revisionId)];
    res.json({ data: await revisions.restore(id, revisionId, whoOf(req)) });
  });

  return router;
}

/**
 * One article by slug; staff who may read articles also see drafts. A slug
 * the article had before answers 301 to its current address, query kept,
 * like its page.
 */
async function articleOrRedirect(news: NewsService, req: Request, res: Response) {
  const admin = holds(req.session?.user, 'articles');
  const slug = String(req.params.slug);
  try {
    const article = await news.getBySlug(slug, {
      includeDrafts: admin,
      withTranslations: admin,
      language: requestLanguage(req),
    });
    res.json({ data: { news: article } });
  } catch (error) {
    const moved =
      error instanceof NotFoundError &&
      (await news.redirectFor(slug, { includeDrafts: admin, kind: 'article' }));
    if (!moved) throw error;
    const query = req.originalUrl.includes('?')
      ? req.originalUrl.slice(req.originalUrl.indexOf('?'))
      : '';
    res.redirect(301, `${req.baseUrl}/${moved}${query}`);
  }
}
