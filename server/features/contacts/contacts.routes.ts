import type { RequestHandler } from 'express';
import { ContactListQuerySchema } from '#shared/contact-list';
import { allow } from '../../http/guards';
import { sendList } from '../../http/list-response';
import { idParam, listQuery, queryBy } from '../../http/params';
import { createRouter } from '../../http/router';
import { whoOf } from '../../http/who';
import { requestLanguage } from '../../i18n';
import type { ContactsService } from './contacts.service';

/** `/api/contacts`: the public enquiry form's call, and the admin's review. */
export function createContactsRouter(deps: {
  contacts: ContactsService;
  contactLimit: RequestHandler;
}) {
  const { contacts, contactLimit } = deps;
  const router = createRouter();

  router.post('/', allow('anyone'), contactLimit, async (req, res) => {
    const { id } = await contacts.submit(req.body, { language: requestLanguage(req) });
    res.status(201).json({ data: { id } });
  });

  router.get('/', allow('enquiries'), async (req, res) => {
    sendList(res, await contacts.list(queryBy(ContactListQuerySchema, req.query)));
  });

  router.get('/stats', allow('enquiries'), async (_req, res) => {
    res.json({ data: await contacts.stats() });
  });

  router.get('/export', allow('enquiries'), async (req, res) => {
    const { filename, csv } = await contacts.exportCsv(
      { spam: listQuery(req.query).spam },
      whoOf(req),
    );
    res.attachment(filename).type('text/csv; charset=utf-8').send(csv);
  });

  router.get('/:id', allow('enquiries'), async (req, res) => {
    res.json({ data: await contacts.get(idParam(req.params.id)) });
  });

  router.put('/:id/read', allow('enquiries'), async (req, res) => {
    res.json({ data: await contacts.setRead(idParam(req.params.id), req.body, whoOf(req)) });
  });

  router.put('/:id/replied', allow('enquiries'), async (req, res) => {
    res.json({ data: await contacts.setReplied(idParam(req.params.id), req.body, whoOf(req)) });
  });

  router.put('/:id/spam', allow('enquiries'), async (req, res) => {
    res.json({ data: await contacts.setSpam(idParam(req.params.id), req.body, whoOf(req)) });
  });

  router.delete('/:id', allow('enquiries'), async (req, res) => {
    res.json({ data: await contacts.remove(idParam(req.params.id), whoOf(req)) });
  });

  return router;
}
