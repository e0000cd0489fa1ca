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

/**
 * The site's security headers. `inlineStyles` names the inline stylesheets
 * the pages may carry (their hashes, as CSP sources): those of the current
 * build and nothing else, so `style-src` still refuses any injected style.
 */
export function securityHeaders(inlineStyles: () => string = () => '') {
  const directives = {
    ...CSP_DIRECTIVES,
    styleSrc: [...CSP_DIRECTIVES.styleSrc, () => inlineStyles()],
  };
  return helmet({
    contentSecurityPolicy: { useDefaults: false, directives },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
}
