import { allow } from '../../http/guards';
import { createRouter } from '../../http/router';
import { whoOf } from '../../http/who';
import type { DemoContentService } from './demo-content';

/** `/api/demo`: the demo articles of a first start, and removing them all. */
export function createDemoContentRouter({ demo }: { demo: DemoContentService }) {
  const router = createRouter();

  router.get('/', allow('articles'), async (_req, res) => {
    res.json({ data: await demo.list() });
  });

  router.delete('/', allow('content'), async (req, res) => {
    res.json({ data: await demo.removeAll(whoOf(req)) });
  });

  return router;
}
