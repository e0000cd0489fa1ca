import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import pt from '../../../locales/pt.json';
import { startFakeLlm, type FakeLlm } from '../../../tests/support/fake-llm-server';
import { startLlmTestApp, type LlmTestApp } from '../../../tests/support/llm-test-app';

const TRANSLATE = '/api/llm/translate-news';

/** A real article: headings, a list, an emphasis, a link and product names. */
const SOURCE = {
  title: 'OPC UA gateway for Forge Industrial welding cells',
  excerpt: 'Our gateway now speaks OPC UA and MQTT out of the box.',
  content: [
    'The **Forge Industrial** gateway connects older PLCs to modern analytics.',
    '## What is new',
    '- Native [OPC UA](https://opcfoundation.org/about/opc-technologies/opc-ua/) server',
    '- MQTT output with TLS',
    '## Next steps',
    'Read the `gateway.yaml` reference or [contact us](/contact).',
  ].join('\n\n'),
};

type Sent = { role: string; content: string }[];

describe('POST /api/llm/translate-news', () => {
  let fake: FakeLlm;
  let t: LlmTestApp;

  beforeAll(async () => {
    fake = await startFakeLlm();
    t = await startLlmTestApp(
      {
        OPENAI_BASE_URL: `${fake.url}/v1`,
        OPENAI_API_KEY: 'sk-translate-test',
        OPENAI_MODEL: 'fake-gpt',
      },
      { timeoutMs: 800, retryDelayMs: 10 },
    );
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });
  afterEach(() => {
    fake.setScenario(null);
    fake.requests.length = 0;
  });

  const messagesOf = (n: number) => fake.requests[n]!.body!.messages as Sent;

  it('drafts the article in European Portuguese, keeping its Markdown, links and names, and stores nothing', async () => {
    const res = await t.admin
      .post(TRANSLATE)
      .send({ ...SOURCE, from: 'en', to: ['pt'] })
      .expect(200);
    expect(Object.keys(res.body.data)).toEqual(['translations']);
    const draft = res.body.data.translations.pt;
    expect(Object.keys(draft).sort()).toEqual(['content', 'excerpt', 'title']);
    expect(draft.title).toBe(`[pt] ${SOURCE.title}`);
    expect(draft.content).toContain('## What is new');
    expect(draft.content).toContain('(https://opcfoundation.org/about/opc-technologies/opc-ua/)');

    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]!.body).toMatchObject({
      model: 'fake-gpt',
      response_format: {
        type: 'json_schema',
        json_schema: { name: 'news_translation', strict: true },
      },
    });
    const [system, user] = messagesOf(0);
    expect(system!.role).toBe('system');
    expect(system!.content).toContain(
      'Translate the article from English into European Portuguese (Portugal, not Brazil).',
    );
    expect(system!.content).toMatch(/never Brazilian Portuguese/);
    expect(system!.content).toMatch(/Keep the Markdown structure exactly/);
    expect(system!.content).toMatch(/link target .* exactly as it is/);
    expect(system!.content).toMatch(/product, company, brand and standard names unchanged/);
    expect(system!.content).toMatch(/code, inline code/);
    // The article reaches the model whole and unaltered, as JSON.
    const sent = JSON.parse(user!.content.slice(user!.content.indexOf('{')));
    expect(sent).toEqual(SOURCE);
    expect(await t.news.listAdmin()).toEqual([]);
    expect(await t.logs()).toContain('LLM translated an article');
    expect(await t.logs()).not.toContain('OPC UA gateway');
  });

  it('asks for formal German ("Sie") and makes one call per target language', async () => {
    const res = await t.admin
      .post(TRANSLATE)
      .send({ ...SOURCE, from: 'en', to: ['pt', 'de', 'pt'] })
      .expect(200);
    expect(Object.keys(res.body.data.translations).sort()).toEqual(['de', 'pt']);
    expect(res.body.data.translations.de.excerpt).toBe(`[de] ${SOURCE.excerpt}`);
    expect(fake.requests).toHaveLength(2);
    const systems = [0, 1].map((n) => messagesOf(n)[0]!.content);
    const german = systems.find((s) => s.includes('into German'))!;
    expect(german).toContain('Translate the article from English into German (formal "Sie" form).');
    expect(german).toMatch(/formally with "Sie" \(never "du"\)/);
  });

  it('translates from any source language, and takes a single language as `to`', async () => {
    const res = await t.admin
      .post(TRANSLATE)
      .send({ title: 'Nova célula', excerpt: 'Resumo', content: 'Texto', from: 'pt', to: 'en' })
      .expect(200);
    expect(res.body.data.translations.en.title).toBe('[en] Nova célula');
    expect(messagesOf(0)[0]!.content).toContain(
      'from European Portuguese (Portugal, not Brazil) into English',
    );
  });

  it('translates a page without an excerpt into a translation without one', async () => {
    const res = await t.admin
      .post(TRANSLATE)
      .send({ title: 'Careers', excerpt: '', content: '## Open positions', from: 'en', to: 'de' })
      .expect(200);
    // The fake model answers "[de] " for the excerpt: it is dropped, as the source had none.
    expect(res.body.data.translations.de).toEqual({
      title: '[de] Careers',
      excerpt: '',
      content: expect.stringContaining('## Open positions'),
    });
    expect(messagesOf(0)[0]!.content).toContain('The text has no excerpt: answer "excerpt" as "".');
  });

  it('answers 400, in the admin language, for a bad request, before asking the model', async () => {
    const same = await t.admin
      .post(TRANSLATE)
      .send({ ...SOURCE, from: 'en', to: ['en', 'pt'] })
      .expect(400);
    expect(same.body.details).toEqual({
      to: 'Choose languages other than the one the text is written in',
    });
    const none = await t.admin
      .post(`${TRANSLATE}?lang=pt`)
      .send({ ...SOURCE, from: 'en', to: [] })
      .expect(400);
    expect(none.body).toEqual({
      error: pt.validation.translate.to,
      details: { to: pt.validation.translate.to },
    });
    const bad = await t.admin
      .post(TRANSLATE)
      .send({ title: '', excerpt: 'x'.repeat(501), content: 'Body', from: 'fr', to: ['xx'] })
      .expect(400);
    expect(bad.body.details).toEqual({
      title: 'Title is required',
      excerpt: 'Excerpt must be at most 500 characters',
      from: 'Language must be en, pt or de',
      'to.0': 'Language must be en, pt or de',
    });
    expect(fake.requests).toHaveLength(0);
  });

  it('answers 502 when one language fails, and the other language still works on its own call', async () => {
    const failing = { ...SOURCE, title: `${SOURCE.title} [[fail-translation:de]]`, from: 'en' };
    const both = await t.admin
      .post(TRANSLATE)
      .send({ ...failing, to: ['pt', 'de'] })
      .expect(502);
    expect(both.body.error).toBe(
      'The language model service had an internal error. Try again in a few minutes.',
    );
    const ptOnly = await t.admin
      .post(TRANSLATE)
      .send({ ...failing, to: ['pt'] })
      .expect(200);
    expect(ptOnly.body.data.translations.pt.title).toContain('[pt]');
  });

  it('answers 502 with a translation message when the answer is not a usable translation', async () => {
    fake.setScenario('invalid-json');
    const res = await t.admin
      .post(TRANSLATE)
      .send({ ...SOURCE, from: 'en', to: ['de'] })
      .expect(502);
    expect(res.body.error).toBe(
      'The language model did not return a usable translation. Try again.',
    );
    fake.setScenario('refuse');
    const refused = await t.admin
      .post(TRANSLATE)
      .send({ ...SOURCE, from: 'en', to: ['de'] })
      .expect(502);
    expect(refused.body.error).toMatch(/declined to translate this article/);
  });

  it('is for admins only', async () => {
    await t.anonymous
      .post(TRANSLATE)
      .send({ ...SOURCE, from: 'en', to: ['pt'] })
      .expect(401);
    await t.editor
      .post(TRANSLATE)
      .send({ ...SOURCE, from: 'en', to: ['pt'] })
      .expect(403);
    expect(fake.requests).toHaveLength(0);
  });
});

describe('translation limits and configuration', () => {
  it('counts one call in RATE_LIMIT_AI, shared with drafts, whatever the number of languages', async () => {
    const fake = await startFakeLlm();
    const t = await startLlmTestApp({ OPENAI_BASE_URL: `${fake.url}/v1`, RATE_LIMIT_AI: '2' });
    try {
      await t.admin
        .post(TRANSLATE)
        .send({ ...SOURCE, from: 'en', to: ['pt', 'de'] })
        .expect(200);
      await t.admin.post('/api/llm/generate-news-content').send({ prompt: 'Robots' }).expect(200);
      const res = await t.admin
        .post(TRANSLATE)
        .send({ ...SOURCE, from: 'en', to: ['pt'] })
        .expect(429);
      expect(res.body.error).toMatch(/several AI requests/);
      expect(fake.requests).toHaveLength(3);
    } finally {
      await t.close();
      await fake.close();
    }
  });

  it('answers 503 when no model is configured', async () => {
    const t = await startLlmTestApp({});
    try {
      const res = await t.admin
        .post(TRANSLATE)
        .send({ ...SOURCE, from: 'en', to: ['pt'] })
        .expect(503);
      expect(res.body.error).toBe('AI content generation is not configured');
    } finally {
      await t.close();
    }
  });
});
