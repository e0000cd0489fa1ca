import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
    const pages = createPagesService({ db: t.db, version: { current: () => version } });
    const page = { content: 'Text', nav: 'header', published: true };
    await pages.create({ ...page, title: 'About us', slug: 'about' });
    expect((await pages.navigation()).map((p) => p.slug)).toEqual(['about']);

    await pages.create({ ...page, title: 'Careers', slug: 'careers' });
    // The same version: the menus as read, without asking the database again.
    expect((await pages.navigation()).map((p) => p.slug)).toEqual(['about']);
    version = 2;
    expect((await pages.navigation()).map((p) => p.slug)).toEqual(['about', 'careers']);
    // Without a version to follow, every call reads.
    const plain = createPagesService({ db: t.db });
    await plain.create({ ...page, title: 'Imprint', slug: 'imprint', nav: 'footer' });
    expect((await plain.navigation()).map((p) => p.slug)).toEqual(['about', 'careers', 'imprint']);
  });
});
