import type { IncomingMessage, ServerResponse } from 'node:http';
import express from 'express';
import { createContentVersion } from '../../server/content-version';
import { createPublicOrigin } from '../../server/http/public-origin';
import { createRequestLog } from '../../server/http/request-log';
import { createLogger } from '../../server/logger';
import { createPageCache } from '../../server/site/page-cache/page-cache';

const silent = createLogger({ logLevel: 'silent' });

/**
 * A page cache of 1 MiB in front of a bare Express app, wired as app.ts
 * wires them: `handler` asks the cache first, and the cache's capture is
 * first in `app`, to which a test adds its own routes.
 */
export function cachedSite(version = createContentVersion()) {
  const cache = createPageCache({
    budgetBytes: 1024 * 1024,
    origin: createPublicOrigin({ publicUrl: 'https://www.forge.test', trustProxy: undefined }),
    version,
    logger: silent,
    requestLog: createRequestLog(silent),
  });
  const app = express();
  app.use(cache.capture);
  const handler = (req: IncomingMessage, res: ServerResponse) => {
    cache.serve(req, res, () => app(req, res));
  };
  return { cache, app, handler, version };
}
