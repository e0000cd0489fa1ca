import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import de from '../locales/de.json';
import en from '../locales/en.json';
import pt from '../locales/pt.json';
import { ContactSchema } from './contact-schema';
import { embeddedCatalogue, siteCatalogue } from './site-catalogue';
import { CONTROL_CHARACTERS_KEY } from './text';
import { fieldErrors } from './validation';

const catalogues = { en, pt, de } as Record<string, Record<string, unknown>>;

/** The value at a dotted key, or undefined. */
const at = (tree: unknown, key: string): unknown =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], tree);

/** Every key the contact form's rules (`ContactSchema`, and the text hygiene they use) can give. */
function contactKeys(): string[] {
  const source = readFileSync(new URL('contact-schema.ts', import.meta.url), 'utf8');
  const start = source.indexOf('export const ContactSchema');
  const rules = source.slice(start, source.indexOf('\n});', start));
  return [
    ...[...rules.matchAll(/'(validation\.[\w.]+)'/g)].map(([, key]) => key!),
    CONTROL_CHARACTERS_KEY,
  ];
}

describe('the site catalogue', () => {
  for (const [language, catalogue] of Object.entries(catalogues)) {
    const site = siteCatalogue(catalogue);

    it(`keeps every ${language} message the contact form can show, and no other validation`, () => {
      const keys = contactKeys();
      expect(keys).toContain('validation.email.invalid');
      expect(keys).toContain('validation.message.max');
      for (const key of keys) {
        expect(typeof at(site, key), key).toBe('string');
      }
      // What the rules give for a form sent empty or wrong, read through the catalogue.
      const given = fieldErrors(
        ContactSchema.safeParse({ name: 'a\u0007', email: 'x', company: 'b', message: '' }).error!,
      );
      expect(Object.values(given).every((key) => typeof at(site, key) === 'string')).toBe(true);
      expect(Object.keys(site.validation as object).sort()).toEqual(
        ['company', 'email', 'message', 'name', 'text'].sort(),
      );
      expect(at(site, 'validation.webhook')).toBeUndefined();
      expect(at(site, 'validation.twoFactorCode')).toBeUndefined();
    });

    it(`leaves out the admin's and the server's own ${language} texts`, () => {
      for (const section of ['admin', 'login', 'llm', 'desktop', 'apiErrors', 'mail', 'spam']) {
        expect(site[section], section).toBeUndefined();
      }
      for (const section of ['nav', 'footer', 'contact', 'not-found', 'errors', 'privacy']) {
        expect(site[section], section).toBeDefined();
      }
    });
  }

  it('embeds the privacy notice on the privacy page only', () => {
    const site = siteCatalogue(pt);
    expect(embeddedCatalogue(site, 'privacy').privacy).toBe(site.privacy);
    for (const page of ['home', 'news', 'contact', 'article', 'not-found']) {
      const embedded = embeddedCatalogue(site, page);
      expect(embedded.privacy, page).toBeUndefined();
      expect(Object.keys(embedded).sort()).toEqual(
        Object.keys(site)
          .filter((s) => s !== 'privacy')
          .sort(),
      );
    }
  });
});
