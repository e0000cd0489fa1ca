import { z } from 'zod';

/**
 * zod 4 compiles object parsers with `new Function` and, to learn whether it
 * may, probes with one at the first object schema. Under the site's
 * Content-Security-Policy (no 'unsafe-eval') that probe is refused and logged
 * as a violation on every page. `jitless` skips both; the interpreted parser
 * is what a CSP browser would use anyway. Imported before any schema is made:
 * by shared/text.ts (which every schema uses) and first by the admin's entry;
 * the public pages load zod only with a schema (the contact form's rules).
 */
z.config({ jitless: true });
