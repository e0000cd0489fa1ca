import { Router, type RequestHandler } from 'express';
import { requireAdmin } from '../../http/guards';
import { idParam, listQuery } from '../../http/params';
import type { ContactsService } from './contacts.service';

/** `/api/contacts`: the public enquiry form's call, and the admin's review. */
export function createContactsRouter(deps: {
  contacts: ContactsService;
  contactLimit: RequestHandler;
}) {
  const { contacts, contactLimit } = deps;
  const router = Router();

  router.post('/', contactLimit, async (req, res) => {
    const { id } = await contacts.submit(req.body);
    res.status(201).json({ data: { id } });
  });

  router.get('/', requireAdmin, async (req, res) => {
    const q = listQuery(req.query);
    res.json({ data: await contacts.list({ page: q.page, perPage: q.per_page, read: q.read }) });
  });

  router.get('/stats', requireAdmin, async (_req, res) => {
    res.json({ data: await contacts.stats() });
  });

  router.get('/:id', requireAdmin, async (req, res) => {
    res.json({ data: await contacts.get(idParam(req.params.id)) });
  });

  router.put('/:id/read', requireAdmin, async (req, res) => {
    res.json({ data: await contacts.setRead(idParam(req.params.id), req.body) });
  });

  router.delete('/:id', requireAdmin, async (req, res) => {
    res.json({ data: await contacts.remove(idParam(req.params.id)) });
  });

  return router;
}
