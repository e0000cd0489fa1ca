import type { Request, Response } from 'express';
import { PageListQuerySchema } from '#shared/news-list';
import type { AdminPage } from '#shared/pages';
import { NotFoundError } from '../../errors';
import { allow, holds } from '../../http/guards';
import { sendList } from '../../http/list-response';
import { idParam, queryBy } from '../../http/params';
import { createRouter } from '../../http/router';
import { whoOf } from '../../http/who';
import { requestLanguage } from '../../i18n';
import type { PagesService } from './pages.service';
import type { PreviewsService } from './previews.service';
import type { RevisionsService } from './revisions.service';

type PagesRouterDeps = {
  pages: PagesService;
  previews: PreviewsService;
  revisions: RevisionsService<AdminPage>;
};

/** The staff who edit pages (admins and editors). */
const contentStaff = allow('content');

/**
 * `/api/pages`: every page for the staff who edit them, the public read of
 * one page in the request's language, the header's and footer's pages, and
 * the writes, previews and revisions as for articles.
 */
export function createPagesRouter({ pages, previews, revisions }: PagesRouterDeps) {
  const router = createRouter();

  router.get('/', contentStaff, async (req, res) => {
    const { page, ...query } = queryBy(PageListQuerySchema, req.query);
    sendList(res, page ? await pages.pageAdmin({ page, ...query }) : await pages.listAdmin(query));
  });

  router.get('/navigation', allow('anyone'), async (_req, res) => {
    res.json({ data: await pages.navigation() });
  });

  router.put('/order', contentStaff, async (req, res) => {
    res.json({ data: await pages.reorder(req.body, whoOf(req)) });
  });

  router.get('/:slug', allow('anyone'), (req, res) => pageOrRedirect(pages, req, res));

  router.post('/', contentStaff, async (req, res) => {
    res.status(201).json({ data: await pages.create(req.body, whoOf(req)) });
  });

  router.put('/:id', contentStaff, async (req, res) => {
    res.json({ data: await pages.update(idParam(req.params.id), req.body, whoOf(req)) });
  });

  router.delete('/:id', contentStaff, async (req, res) => {
    res.json({ data: await pages.remove(idParam(req.params.id), whoOf(req)) });
  });

  router.post('/:id/previews', contentStaff, async (req, res) => {
    const id = idParam(req.params.id);
    res.status(201).json({ data: await previews.create(id, req.body, whoOf(req), 'page') });
  });

  router.get('/:id/previews', contentStaff, async (req, res) => {
    res.json({ data: await previews.list(idParam(req.params.id), 'page') });
  });

  router.delete('/:id/previews/:previewId', contentStaff, async (req, res) => {
    const [id, previewId] = [idParam(req.params.id), idParam(req.params.previewId)];
    res.json({ data: await previews.revoke(id, previewId, whoOf(req), 'page') });
  });

  router.get('/:id/revisions', contentStaff, async (req, res) => {
    res.json({ data: await revisions.list(idParam(req.params.id), req.query) });
  });

  router.post('/:id/revisions/:revisionId/restore', contentStaff, async (req, res) => {
    const [id, revisionId] = [idParam(req.params.id), idParam(req.params.revisionId)];
    res.json({ data: await revisions.restore(id, revisionId, whoOf(req)) });
  });

  return router;
}

/** One page by slug (staff also see drafts); a slug it had before answers 301, query kept. */
async function pageOrRedirect(pages: PagesService, req: Request, res: Response) {
  const staff = holds(req.session?.user, 'content');
  const slug = String(req.params.slug);
  try {
    const page = await pages.getBySlug(slug, {
      includeDrafts: staff,
      withTranslations: staff,
      language: requestLanguage(req),
    });
    res.json({ data: { page } });
  } catch (error) {
    const moved =
      error instanceof NotFoundError && (await pages.redirectFor(slug, { includeDrafts: staff }));
    if (!moved) throw error;
    const q = req.originalUrl.indexOf('?');
    res.redirect(301, `${req.baseUrl}/${moved}${q === -1 ? '' : req.originalUrl.slice(q)}`);
  }
}
