import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '../../../tests/support/test-app';
import { createContentVersion } from '../../content-version';
import { createSiteTextsService } from './site-texts.service';

/** The service's memory of the texts, on a real SQLite file. */
let store: Awaited<ReturnType<typeof createTestDb>>;
beforeAll(async () => {
  store = await createTestDb();
});
afterAll(() => store.destroy());

const phone = { values: { 'contact.details.phone': { en: '+44 20 7946 0000' } } };

describe('the site texts in memory', () => {
  it('are read once per content version, not per page', async () => {
    const version = createContentVersion();
    const texts = createSiteTextsService({ db: store.db, version });
    const first = await texts.snapshot();
    expect(await texts.snapshot()).toBe(first);
    // Written behind the service's back (another instance): seen once the version moves.
    await store.db('site_texts').insert({
      key: 'contact.details.phone',
      language: 'en',
      value: '+44 20 7946 0000',
      updated_at: new Date().toISOString(),
    });
    expect((await texts.snapshot()).translator('en')('contact.details.phone')).toBe(
      '+351 220 145 870',
    );
    version.moved('written by another instance');
    expect((await texts.snapshot()).translator('en')('contact.details.phone')).toBe(
      '+44 20 7946 0000',
    );
    await store.db('site_texts').delete();
  });

  it('serve the texts last read, marked stale, while the table cannot be read, and recover', async () => {
    const version = createContentVersion();
    const texts = createSiteTextsService({ db: store.db, version });
    await texts.update(phone);
    await store.db.schema.renameTable('site_texts', 'site_texts_away');
    try {
      version.moved('test');
      const stale = await texts.snapshot();
      expect(stale.stale).toBe(true);
      expect(stale.translator('en')('contact.details.phone')).toBe('+44 20 7946 0000');
      // Nothing read before: the failure stands.
      const fresh = createSiteTextsService({ db: store.db, version });
      await expect(fresh.snapshot()).rejects.toThrow();
    } finally {
      await store.db.schema.renameTable('site_texts_away', 'site_texts');
    }
    const back = await texts.snapshot();
    expect(back.stale).toBeUndefined();
    expect(back.translator('en')('contact.details.phone')).toBe('+44 20 7946 0000');
  });
});
