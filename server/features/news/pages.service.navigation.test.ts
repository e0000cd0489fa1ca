import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newsServicesOn } from '../../../tests/support/stores';
import { createTestDb } from '../../../tests/support/test-app';
import { createPagesService } from './pages.service';

/** The menus are read once per content version: every rendered page shows them. */
describe('the pages of the menus', () => {
  let t: Awaited<ReturnType<typeof createTestDb>>;
  beforeAll(async () => {
    t = await createTestDb();
  });
  afterAll(() => t.destroy());

  it('are read again only once public content has moved on', async () => {
    let version = 1;
    // A version the test moves by hand (this one hears of no write).
    const content = { current: () => version, changed: async () => undefined };
    const pages = createPagesService({ db: t.db, content });
    const page = { content: 'Text', nav: 'header', published: true };
    await pages.create({ ...page, title: 'About us', slug: 'about' });
    expect((await pages.navigation()).map((p) => p.slug)).toEqual(['about']);

    await pages.create({ ...page, title: 'Careers', slug: 'careers' });
    // The same version: the menus as read, without asking the database again.
    expect((await pages.navigation()).map((p) => p.slug)).toEqual(['about']);
    version = 2;
    expect((await pages.navigation()).map((p) => p.slug)).toEqual(['about', 'careers']);
    // With the real version, the service's own write moves it: the next call reads.
    const real = newsServicesOn(t).pages;
    expect((await real.navigation()).map((p) => p.slug)).toEqual(['about', 'careers']);
    await real.create({ ...page, title: 'Imprint', slug: 'imprint', nav: 'footer' });
    expect((await real.navigation()).map((p) => p.slug)).toEqual(['about', 'careers', 'imprint']);
  });
});
