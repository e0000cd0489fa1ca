import express from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { textsSnapshot } from '../features/site-texts/texts-snapshot';
import { createContentVersion } from '../content-version';
import { createListBounds } from '../features/news/list-bounds';
import { createPublicOrigin } from '../http/public-origin';
import { createLogger } from '../logger';
import { pageHandler } from './page.handler';
import { pageQueries } from './page-query';

const silent = createLogger({ logLevel: 'silent' });

/** A site whose page data cannot even be prepared: every render fails. */
function brokenSite() {
  const app = express();
  app.get(
    '/{*path}',
    pageHandler({
      data: () => {
        throw new Error('database exploded at /srv/secret/path.ts:12');
      },
      texts: { snapshot: async () => textsSnapshot() },
      origin: createPublicOrigin({ publicUrl: undefined, trustProxy: undefined }),
      queries: pageQueries(
        createListBounds({
          news: { categories: async () => [] },
          content: createContentVersion(),
          logger: silent,
        }),
      ),
      logger: silent,
    }),
  );
  return app;
}

describe('a failed server render', () => {
  it.each([
    ['en', 'Unexpected Application Error!', 'Return to Home'],
    ['pt', 'Erro inesperado na aplicação!', 'Voltar ao início'],
    ['de', 'Unerwarteter Anwendungsfehler!', 'Zur Startseite'],
  ])(
    'answers 500 with the crash screen in %s, a way home and no details',
    async (lang, title, home) => {
      const res = await request(brokenSite()).get(`/news?lang=${lang}`).expect(500);
      expect(res.type).toBe('text/html');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.text).toContain(`<html lang="${lang}">`);
      expect(res.text).toContain(`<h1>${title}</h1>`);
      expect(res.text).toContain(`<a href="/">${home}</a>`);
      expect(res.text).not.toMatch(/exploded|secret|\.ts:\d+/);
    },
  );
});
