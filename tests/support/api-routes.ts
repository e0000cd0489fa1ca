import type { AppHandler } from '../../server/app';
import { ACCESS_RULE, type AccessRule } from '../../server/http/guards';

type Handler = { [ACCESS_RULE]?: AccessRule };
type RouteLayer = {
  rawPath?: unknown;
  handle?: Handler & { stack?: RouteLayer[] };
  route?: { path: string; methods: Record<string, boolean>; stack: RouteLayer[] };
};

/** One API route as Express holds it, with the access rules its own handlers declare. */
export type ApiRoute = { method: string; path: string; rules: AccessRule[] };

/** Every method and path the API router registers, read from Express itself. */
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
          if (on) out.push({ method: method.toUpperCase(), path: full, rules });
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
