import { createHash } from 'node:crypto';
import type { AppHandler } from '../../server/app';
import { ACCESS_RULE, type AccessRule } from '../../server/http/guards';
import type { TestApp } from './test-app';

type Handler = { [ACCESS_RULE]?: AccessRule };
type Router = { stack?: RouteLayer[]; caseSensitive?: boolean; strict?: boolean };
type RouteLayer = {
  rawPath?: unknown;
  handle?: Handler & { stack?: RouteLayer[]; caseSensitive?: boolean; strict?: boolean };
  route?: { path: string; methods: Record<string, boolean>; stack: RouteLayer[] };
};

/** One API route as Express holds it, with the access rules its own handlers declare. */
export type ApiRoute = { method: string; path: string; rules: AccessRule[] };

/**
 * Every method and path the API router registers, read from Express itself
 * (`PUT /api/news/:id`), so a test that goes over them all covers a route
 * added tomorrow too.
 */
export function registeredRoutes(app: AppHandler): ApiRoute[] {
  const root = (app.express as unknown as { router: { stack: RouteLayer[] } }).router.stack;
  const api = root.find((l) => l.rawPath === '/api' && l.handle?.stack);
  if (!api) throw new Error('no /api router found');
  const out: ApiRoute[] = [];
  const walk = (stack: RouteLayer[], prefix: string) => {
    for (const layer of stack) {
      if (layer.route) {
        const rules = layer.route.stack
          .map((l) => l.handle?.[ACCESS_RULE])
          .filter((r): r is AccessRule => r !== undefined);
        for (const [method, on] of Object.entries(layer.route.methods)) {
          const full = `${prefix}${layer.route.path}`.replace(/(.)\/$/, '$1');
          if (on && method !== '_all')
            out.push({ method: method.toUpperCase(), path: full, rules });
        }
      } else if (layer.handle?.stack) {
        const mount =
          typeof layer.rawPath === 'string' && layer.rawPath !== '/' ? layer.rawPath : '';
        walk(layer.handle.stack, `${prefix}${mount}`);
      }
    }
  };
  walk(api.handle!.stack!, '/api');
  return out;
}

const mountOf = (layer: RouteLayer) =>
  typeof layer.rawPath === 'string' && layer.rawPath !== '/' ? layer.rawPath : '';

/** Every router of the whole app (the app's own first), each named by where it is mounted. */
export function allRouters(
  app: AppHandler,
): { at: string; caseSensitive: boolean; strict: boolean }[] {
  const root = (app.express as unknown as { router: Required<Router> }).router;
  const out = [{ at: '(app)', caseSensitive: root.caseSensitive, strict: root.strict }];
  const walk = (stack: RouteLayer[], prefix: string) => {
    for (const layer of stack) {
      const router = layer.handle;
      if (layer.route || !router?.stack) continue;
      const at = `${prefix}${mountOf(layer)}` || '/';
      out.push({
        at,
        caseSensitive: router.caseSensitive === true,
        strict: router.strict === true,
      });
      walk(router.stack, `${prefix}${mountOf(layer)}`);
    }
  };
  walk(root.stack, '');
  return out;
}

/**
 * A digest of every row of every table: any change of state shows. Only the
 * signed-in sessions' "last seen" (`user_sessions`), which any request of a
 * signed-in user may move on, is left out.
 */
export async function stateDigest(t: TestApp): Promise<string> {
  // Counts written behind their answers (a sign-in's rate-limit hit) are state too.
  await t.settled();
  const tables = (await t.db.raw(
    "select name from sqlite_master where type = 'table' and name not like 'sqlite_%' " +
      "and name <> 'user_sessions' order by name",
  )) as { name: string }[];
  const hash = createHash('sha256');
  for (const { name } of tables) {
    hash.update(name);
    hash.update(JSON.stringify(await t.db(name).select('*').orderByRaw('1')));
  }
  return hash.digest('hex');
}
