import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import helmet from 'helmet';

/**
 * Content-Security-Policy of the whole site: our own scripts, styles, fonts
 * and media; article images may come from any https address.
 * `upgrade-insecure-requests` is left out so a plain-HTTP install on a LAN
 * address still loads its own assets.
 */
export const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  baseUri: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'"],
  fontSrc: ["'self'", 'data:'],
  imgSrc: ["'self'", 'data:', 'https:'],
  mediaSrc: ["'self'"],
  connectSrc: ["'self'"],
  objectSrc: ["'none'"],
  frameAncestors: ["'self'"],
  formAction: ["'self'"],
  upgradeInsecureRequests: null,
};

export function securityHeaders() {
  return helmet({
    contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
}

/**
 * The headers `securityHeaders()` sets, by name, for answers that leave
 * without Express (built files from memory): helmet's own middleware, run
 * once on a response that only records them.
 */
export function securityHeaderValues(): OutgoingHttpHeaders {
  const headers: OutgoingHttpHeaders = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name] = value as OutgoingHttpHeaders[string];
    },
    removeHeader(name: string) {
      delete headers[name];
    },
  };
  securityHeaders()({} as IncomingMessage, recorder as unknown as ServerResponse, () => undefined);
  return headers;
}
