import express, {
  type NextFunction,
  type Request,
  type RequestHandler,
  type Response,
} from 'express';
import { GenerateRequestSchema } from '#shared/llm';
import { fieldErrors } from '#shared/validation';
import { BadRequestError } from '../../errors';
import { requireAdmin } from '../../http/guards';
import { requestLanguage } from '../../i18n';
import type { LlmService } from './llm.service';

/** `/api/llm`: article drafting and the provider status, admins only. */
export function createLlmRouter({ llm, aiLimit }: { llm: LlmService; aiLimit: RequestHandler }) {
  const router = express.Router();

  router.get('/llm-status', requireAdmin, (_req, res) => {
    res.json({ data: llm.status() });
  });

  router.post(
    '/generate-news-content',
    requireAdmin,
    validateGenerate,
    aiLimit,
    async (req, res) => {
      const body = res.locals.generate as ReturnType<typeof GenerateRequestSchema.parse>;
      const data = await llm.generate(
        {
          prompt: body.prompt,
          category: body.category,
          language: body.language ?? requestLanguage(req),
        },
        clientGone(res),
      );
      res.json({ data });
    },
  );

  return router;
}

/** Checks the body before the rate limit, so a rejected request does not spend the budget. */
function validateGenerate(req: Request, res: Response, next: NextFunction): void {
  const parsed = GenerateRequestSchema.safeParse(req.body ?? {});
  if (!parsed.success) {
    const details = fieldErrors(parsed.error);
    return next(new BadRequestError(Object.values(details)[0], details));
  }
  res.locals.generate = parsed.data;
  next();
}

/** Aborts the upstream call when the admin closes the connection before the answer. */
function clientGone(res: Response): AbortSignal {
  const controller = new AbortController();
  res.on('close', () => {
    if (!res.writableFinished) controller.abort();
  });
  return controller.signal;
}
