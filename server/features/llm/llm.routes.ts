import express, { type NextFunction, type Request, type Response } from 'express';
import { GenerateRequestSchema } from '#shared/llm';
import { fieldErrors } from '#shared/validation';
import type { Config } from '../../config';
import type { Logger } from '../../logger';
import { BadRequestError } from '../../errors';
import { requireAdmin } from '../../api/guards';
import type { NewsService } from '../news/news.service';
import { createLlmProvider } from './openai-provider';
import { createLlmService } from './llm.service';
import { DEFAULT_LLM_TUNING, type LlmTuning } from './resilient-completion';
import { generationLimiter } from './generation-limiter';
import { requestLanguage } from '../../i18n';

export type LlmRouterDeps = {
  config: Config;
  logger: Logger;
  news: NewsService;
  /** Overrides for tests: a short deadline, no retry wait. */
  llmTuning?: Partial<LlmTuning>;
};

/** `/api/llm`: article drafting and the provider status, admins only. */
export function createLlmRouter({
  config,
  logger,
  news,
  llmTuning = {},
}: LlmRouterDeps): express.Router {
  const provider = createLlmProvider(config.llm);
  const llm = createLlmService({
    provider,
    news,
    logger: logger.child({ feature: 'llm' }),
    tuning: { ...DEFAULT_LLM_TUNING, ...llmTuning },
  });
  const router = express.Router();

  router.get('/llm-status', requireAdmin, (_req, res) => {
    res.json({ data: llm.status() });
  });

  router.post(
    '/generate-news-content',
    requireAdmin,
    validateGenerate,
    generationLimiter(config.rateLimit.ai),
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
