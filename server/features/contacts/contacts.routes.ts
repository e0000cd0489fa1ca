import type { RequestHandler } from 'express';
import { ContactExportQuerySchema, ContactListQuerySchema } from '#shared/contact-list';
import { allow } from '../../http/guards';
import { sendList } from '../../http/list-response';
import { idParam, queryBy } from '../../http/params';
import { createRouter } from '../../http/router';
import { sendParts } from '../../http/stream-response';
import { accountOf, whoOf } from '../../http/who';
import { requestLanguage } from '../../i18n';
import type { ContactsService } from './contacts.service';
import type { EnquiryThreadService } from './enquiry-thread.service';

/**
 * `/api/contacts`: the public enquiry form's call, and the admin's review and
 * handling of enquiries (replies, notes, owners).
 */
export function createContactsRouter(deps: {
  contacts: ContactsService;
  thread: EnquiryThreadService;
  contactLimit: RequestHandler;
}) {
  const { contacts, thread, contactLimit } = deps;
  const router = createRouter();

  router.post('/', allow('anyone'), contactLimit, async (req, res) => {
    const { id } = await contacts.submit(req.body, { language: requestLanguage(req) });
    res.status(201).json({ data: { id } });
  });

  router.get('/', allow('enquiries'), async (req, res) => {
    const query = queryBy(ContactListQuerySchema, req.query);
    sendList(res, await contacts.list(query, whoOf(req).actor?.id ?? null));
  });

  router.get('/stats', allow('enquiries'), async (_req, res) => {
    res.json({ data: await contacts.stats() });
  });

  router.get('/export', allow('enquiries'), async (req, res) => {
    const { filename, csv } = await contacts.exportCsv(
      queryBy(ContactExportQuerySchema, req.query),
      whoOf(req),
    );
    res.attachment(filename).type('text/csv; charset=utf-8');
    await sendParts(res, csv);
  });

  router.get('/:id', allow('enquiries'), async (req, res) => {
    res.json({ data: await thread.detail(idParam(req.params.id)) });
  });

  router.get('/:id/reply-template', allow('enquiries'), async (req, res) => {
    const sender = accountOf(whoOf(req));
    res.json({ data: await thread.templateFor(idParam(req.params.id), sender) });
  });

  router.post('/:id/replies', allow('enquiries'), async (req, res) => {
    const language = requestLanguage(req);
    res.status(201).json({
      data: await thread.reply(idParam(req.params.id), req.body, whoOf(req), { language }),
    });
  });

  router.post('/:id/notes', allow('enquiries'), async (req, res) => {
    res.status(201).json({ data: await thread.note(idParam(req.params.id), req.body, whoOf(req)) });
  });

  router.put('/:id/assignee', allow('enquiries'), async (req, res) => {
    res.json({ data: await thread.assign(idParam(req.params.id), req.body, whoOf(req)) });
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
