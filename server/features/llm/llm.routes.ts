import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { z } from 'zod';
import { DraftReplyRequestSchema } from '#shared/contact-thread';
import {
  GenerateRequestSchema,
  TranslateRequestSchema,
  TranslateTextsRequestSchema,
} from '#shared/llm';
import { fieldErrors } from '#shared/validation';
import { BadRequestError } from '../../errors';
import { allow } from '../../http/guards';
import { accountOf, whoOf } from '../../http/who';
import { requestLanguage } from '../../i18n';
import type { LlmCall, LlmService } from './llm.service';
import { createRouter } from '../../http/router';

/**
 * `/api/llm`: article drafting and translation (content staff), replies to
 * enquiries (enquiry staff), and the provider status (any staff).
 */
export function createLlmRouter({ llm, aiLimit }: { llm: LlmService; aiLimit: RequestHandler }) {
  const router = createRouter();

  router.get('/llm-status', allow('staff'), (_req, res) => {
    res.json({ data: llm.status() });
  });

  router.post(
    '/generate-news-content',
    allow('content'),
    validate(GenerateRequestSchema, 'generate'),
    aiLimit,
    async (req, res) => {
      const body = res.locals.generate as ReturnType<typeof GenerateRequestSchema.parse>;
      const data = await llm.generate(
        {
          prompt: body.prompt,
          category: body.category,
          language: body.language ?? requestLanguage(req),
          kind: body.kind,
        },
        callOf(req, res),
      );
      res.json({ data });
    },
  );

  // One call per request, whatever the number of target languages: it counts once in RATE_LIMIT_AI.
  router.post(
    '/translate-news',
    allow('content'),
    validate(TranslateRequestSchema, 'translate'),
    aiLimit,
    async (req, res) => {
      const { title, excerpt, content, from, to } = res.locals.translate as z.output<
        typeof TranslateRequestSchema
      >;
      const data = await llm.translate(
        { text: { title, excerpt, content }, from, to },
        callOf(req, res),
      );
      res.json({ data });
    },
  );

  // Site texts: like an article, one call per request whatever the number of languages.
  router.post(
    '/translate-texts',
    allow('content'),
    validate(TranslateTextsRequestSchema, 'texts'),
    aiLimit,
    async (req, res) => {
      const input = res.locals.texts as z.output<typeof TranslateTextsRequestSchema>;
      res.json({ data: await llm.translateTexts(input, callOf(req, res)) });
    },
  );

  // The sender's name goes into the draft's signature, as it will into the reply.
  router.post(
    '/draft-reply',
    allow('enquiries'),
    validate(DraftReplyRequestSchema, 'draftReply'),
    aiLimit,
    async (req, res) => {
      const { contact_id: id } = res.locals.draftReply as z.output<typeof DraftReplyRequestSchema>;
      const sender = accountOf(whoOf(req));
      res.json({ data: await llm.draftReply(id, sender, callOf(req, res)) });
    },
  );

  return router;
}

/**
 * Checks the body before the rate limit, so a rejected request does not spend
 * the budget; the parsed body waits in `res.locals[name]`.
 */
function validate(schema: z.ZodType, name: string) {
  return (req: Request, res: Response, next: NextFunction): void => {
    const parsed = schema.safeParse(req.body ?? {});
    if (!parsed.success) {
      const details = fieldErrors(parsed.error);
      return next(new BadRequestError(Object.values(details)[0], details));
    }
    res.locals[name] = parsed.data;
    next();
  };
}

/**
 * The request a model call answers: aborted when the admin closes the
 * connection before the answer, its deadline counted from its arrival (so the
 * app answers before a proxy's read timeout, docs/deploy.md).
 */
function callOf(req: Request, res: Response): LlmCall {
  const controller = new AbortController();
  res.on('close', () => {
    if (!res.writableFinished) controller.abort();
  });
  return { signal: controller.signal, arrived: req.arrived };
}
