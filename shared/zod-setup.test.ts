import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SHARED = path.resolve(import.meta.dirname);

/** The shared modules that make schemas: they import zod's values, not only its types. */
const schemaModules = readdirSync(SHARED)
  .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts') && name !== 'zod-setup.ts')
  .filter((name) =>
    /^import \{[^}]*\} from 'zod';/m.test(readFileSync(path.join(SHARED, name), 'utf8')),
  );

describe('zod setup', () => {
  it('finds the schema modules', () => {
    expect(schemaModules).toContain('contact-schema.ts');
    expect(schemaModules).toContain('analytics.ts');
  });

  // A schema made before `jitless` is set makes zod probe for eval, which the
  // CSP refuses and logs on whatever page loaded that chunk first.
  it.each(schemaModules)('%s sets zod up before making a schema', (name) => {
    const source = readFileSync(path.join(SHARED, name), 'utf8');
    expect(source).toMatch(/^import '\.\/zod-setup';$/m);
  });
});
