import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  postgresAvailable,
  postgresUnavailable,
  startPostgres,
} from '../../../tests/support/postgres';
import { createTestDb } from '../../../tests/support/test-app';
import { createContentVersion, type ContentVersion } from '../../content-version';
import { broadcastContentVersion } from '../../db/content-broadcast';
import { createLogger } from '../../logger';
import { createSiteTextsService } from './site-texts.service';

const title = postgresAvailable
  ? 'site texts on PostgreSQL, two instances'
  : `site texts on PostgreSQL, two instances (skipped: ${postgresUnavailable})`;

async function until(check: () => Promise<boolean>, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}

/**
 * Two instances' services on one database, each with its content version
 * shared through PostgreSQL as server/index.ts wires them: what one saves,
 * the other shows once the change is announced, without a restart.
 */
describe.skipIf(!postgresAvailable)(title, () => {
  const logger = createLogger({ logLevel: 'silent' });
  let stopAll: () => Promise<void>;
  let store: Awaited<ReturnType<typeof createTestDb>>;
  const versions = { a: createContentVersion(), b: createContentVersion() };
  let a: ReturnType<typeof createSiteTextsService>;
  let b: ReturnType<typeof createSiteTextsService>;

  beforeAll(async () => {
    const pg = (await startPostgres())!;
    store = await createTestDb({ databaseUrl: pg.url });
    const share = (version: ContentVersion) =>
      broadcastContentVersion({ url: pg.url, db: store.db, version, logger });
    const shared = await Promise.all([share(versions.a), share(versions.b)]);
    a = createSiteTextsService({ db: store.db, version: versions.a });
    b = createSiteTextsService({ db: store.db, version: versions.b });
    stopAll = async () => {
      await Promise.all(shared.map((s) => s.stop()));
      await store.destroy();
      await pg.stop();
    };
  });
  afterAll(() => stopAll?.());

  it('a change saved on one instance shows on the other, and a removal too', async () => {
    const phone = async () => (await b.snapshot()).translator('de')('contact.details.phone');
    expect(await phone()).toBe('+351 220 145 870');

    await a.update({ values: { 'contact.details.phone': { de: '+49 30 1234 5678' } } });
    // The service itself tells the content version (and through it, instance B).
    await until(async () => (await phone()) === '+49 30 1234 5678');
    expect((await b.snapshot()).page('de').json('contact')).toContain('+49 30 1234 5678');

    await a.update({ values: { 'contact.details.phone': { de: 'Nummer folgt' } } });
    await until(async () => (await phone()) === 'Nummer folgt');

    await a.update({ values: { 'contact.details.phone': { de: null } } });
    await until(async () => (await phone()) === '+351 220 145 870');
    expect((await a.list()).texts.find((x) => x.key === 'contact.details.phone')?.values).toEqual(
      {},
    );
  });
});
