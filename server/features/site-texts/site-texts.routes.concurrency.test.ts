import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SiteText, SiteTextChanged } from '#shared/site-texts';
import { STORES } from '../../../tests/support/stores';
import { createAccount, signedIn, type TestApp } from '../../../tests/support/test-app';

/**
 * Two colleagues editing the same site texts (decision 027, amended; the
 * versions of decision 037): a save names, per text it changes, the version
 * it edited, and one over a text saved or reset since is refused with 409
 * naming it, with the text as it is now, on SQLite and on PostgreSQL.
 */
describe.each(STORES)('site texts saved by two colleagues, on $name', ({ skip, openApp }) => {
  let t: TestApp;
  let mine: Awaited<ReturnType<typeof signedIn>>;
  let theirs: Awaited<ReturnType<typeof signedIn>>;

  beforeAll(async () => {
    if (skip) return;
    t = await openApp();
    mine = await signedIn(t.app);
    theirs = await signedIn(t.app, await createAccount(t, 'editor', 'texts-colleague'));
  });
  afterAll(async () => {
    await t?.destroy();
  });
  beforeEach(async () => {
    if (skip) return;
    await t.db('site_texts').delete();
    await t.contentVersion.changed('test reset');
  });

  const PHONE = 'contact.details.phone';
  const TITLE = 'home.hero.title';
  type Body = {
    values: Record<string, Record<string, string | null>>;
    versions?: Record<string, Record<string, string | null>>;
  };
  const put = (agent: typeof mine, body: Body) => agent.put('/api/site/texts').send(body);
  const entry = (texts: SiteText[], key: string) => texts.find((x) => x.key === key)!;
  const opened = async (key: string) =>
    entry((await mine.get('/api/site/texts').expect(200)).body.data.texts as SiteText[], key);
  const stored = async (key: string, language: string) =>
    ((await t.db('site_texts').where({ key, language }).first('value')) as { value: string })
      ?.value;

  it.skipIf(skip)(
    'refuses a save over a text a colleague saved since, naming it with its value now, and writes nothing',
    async () => {
      const before = await opened(PHONE);
      expect(before.versions).toEqual({});
      const saved = await put(theirs, {
        values: { [PHONE]: { en: '+44 20 7946 0000' } },
        versions: { [PHONE]: { en: null } },
      }).expect(200);
      const theirVersion = entry(saved.body.data.texts as SiteText[], PHONE).versions.en!;
      expect(Date.parse(theirVersion)).not.toBeNaN();

      const refused = await put(mine, {
        values: { [PHONE]: { en: '+351 910 000 000' }, [TITLE]: { en: 'My headline' } },
        versions: { [PHONE]: { en: null }, [TITLE]: { en: null } },
      }).expect(409);
      expect(refused.body.error).toBe(
        'A colleague saved some of these texts after you opened them, so your changes were not saved.',
      );
      expect(refused.body.details).toEqual({
        [`values.${PHONE}.en`]: 'A colleague changed this text after you opened it',
      });
      expect(refused.body.current as SiteTextChanged[]).toEqual([
        { key: PHONE, language: 'en', value: '+44 20 7946 0000', updated_at: theirVersion },
      ]);
      expect(await stored(PHONE, 'en')).toBe('+44 20 7946 0000');
      expect(await stored(TITLE, 'en')).toBeUndefined();

      // "Save anyway": the same texts, naming the version the refusal gave.
      await put(mine, {
        values: { [PHONE]: { en: '+351 910 000 000' }, [TITLE]: { en: 'My headline' } },
        versions: { [PHONE]: { en: theirVersion }, [TITLE]: { en: null } },
      }).expect(200);
      expect(await stored(PHONE, 'en')).toBe('+351 910 000 000');
      expect(await stored(TITLE, 'en')).toBe('My headline');
    },
  );

  it.skipIf(skip)(
    'lets a save through that changes only texts nobody changed, another language of the same key included',
    async () => {
      await put(theirs, { values: { [PHONE]: { en: '+44 20 7946 0000' } } }).expect(200);
      const res = await put(mine, {
        values: { [PHONE]: { de: '+49 30 1234 5678' }, [TITLE]: { en: 'My headline' } },
        versions: { [PHONE]: { de: null }, [TITLE]: { en: null } },
      }).expect(200);
      expect(entry(res.body.data.texts as SiteText[], PHONE).values).toEqual({
        en: '+44 20 7946 0000',
        de: '+49 30 1234 5678',
      });
      // A save from the version just saved goes through too.
      const version = entry(res.body.data.texts as SiteText[], PHONE).versions.de!;
      await put(mine, {
        values: { [PHONE]: { de: '+49 30 9999 0000' } },
        versions: { [PHONE]: { de: version } },
      }).expect(200);
      expect(await stored(PHONE, 'de')).toBe('+49 30 9999 0000');
    },
  );

  it.skipIf(skip)(
    'refuses "Use default" over a colleague’s save, and a save over their reset',
    async () => {
      await put(mine, { values: { [PHONE]: { en: '+44 20 7946 0000' } } }).expect(200);
      const version = (await opened(PHONE)).versions.en!;

      // They change it; I press "Use default" on the version I opened.
      await put(theirs, {
        values: { [PHONE]: { en: '+44 20 7946 1111' } },
        versions: { [PHONE]: { en: version } },
      }).expect(200);
      const reset = await put(mine, {
        values: { [PHONE]: { en: null } },
        versions: { [PHONE]: { en: version } },
      }).expect(409);
      expect((reset.body.current as SiteTextChanged[])[0]).toMatchObject({
        key: PHONE,
        language: 'en',
        value: '+44 20 7946 1111',
      });
      expect(await stored(PHONE, 'en')).toBe('+44 20 7946 1111');

      // They press "Use default"; I save a number on the version I opened.
      const now = (await opened(PHONE)).versions.en!;
      await put(theirs, {
        values: { [PHONE]: { en: null } },
        versions: { [PHONE]: { en: now } },
      }).expect(200);
      const over = await put(mine, {
        values: { [PHONE]: { en: '+351 910 000 000' } },
        versions: { [PHONE]: { en: now } },
      }).expect(409);
      expect(over.body.current).toEqual([
        { key: PHONE, language: 'en', value: null, updated_at: null },
      ]);
      expect(await stored(PHONE, 'en')).toBeUndefined();
    },
  );

  it.skipIf(skip)('saves as before for a client that sends no versions', async () => {
    const version = (await opened(PHONE)).versions.en ?? null;
    await put(theirs, { values: { [PHONE]: { en: '+44 20 7946 0000' } } }).expect(200);
    await put(mine, { values: { [PHONE]: { en: '+351 910 000 000' } } }).expect(200);
    expect(await stored(PHONE, 'en')).toBe('+351 910 000 000');
    expect(version).toBeNull();
    await put(mine, { values: { [PHONE]: { en: null } } }).expect(200);
    expect(await stored(PHONE, 'en')).toBeUndefined();
  });

  it.skipIf(skip)('refuses a version that is no date, writing nothing', async () => {
    const res = await put(mine, {
      values: { [PHONE]: { en: '+44 20 7946 0000' } },
      versions: { [PHONE]: { en: 'yesterday' } },
    }).expect(400);
    expect(res.body.details).toEqual({
      [`versions.${PHONE}.en`]:
        'The version you opened must be a date and time (the updated_at you were sent)',
    });
    expect(await stored(PHONE, 'en')).toBeUndefined();
  });

  it.skipIf(skip)(
    'lets exactly one of the saves sent at once from one version through, every round',
    async () => {
      for (let round = 0; round < 4; round++) {
        // Round 0 adds an override where there was none; the others change one.
        const version = (await opened(PHONE)).versions.en ?? null;
        const numbers = ['+351 1', '+351 2', '+351 3'].map((n) => `${n} ${round}`);
        const answers = await Promise.all(
          numbers.map((number, i) =>
            put(i % 2 ? theirs : mine, {
              values: { [PHONE]: { en: number } },
              versions: { [PHONE]: { en: version } },
            }),
          ),
        );
        expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
        const winner = numbers[answers.findIndex((a) => a.status === 200)];
        expect(await stored(PHONE, 'en')).toBe(winner);
      }
    },
  );
});
