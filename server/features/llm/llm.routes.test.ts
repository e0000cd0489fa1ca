import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startFakeLlm, type FakeLlm } from '../../../tests/support/fake-llm-server';
import { startLlmTestApp, type LlmTestApp } from '../../../tests/support/llm-test-app';

const KEY = 'sk-openai-test-key-7f3a9c0d1e2b';
const GENERATE = '/api/llm/generate-news-content';

describe('LLM API against an OpenAI-compatible server', () => {
  let fake: FakeLlm;
  let t: LlmTestApp;

  beforeAll(async () => {
    fake = await startFakeLlm();
    t = await startLlmTestApp(
      { OPENAI_BASE_URL: `${fake.url}/v1`, OPENAI_API_KEY: KEY, OPENAI_MODEL: 'fake-gpt' },
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

  it('reports the provider and model without secrets', async () => {
    const res = await t.admin.get('/api/llm/llm-status').expect(200);
    expect(res.body).toEqual({ data: { configured: true, provider: 'openai', model: 'fake-gpt' } });
    expect(JSON.stringify(res.body)).not.toContain(KEY);
  });

  it('drafts an article with strict JSON schema output and the key sent only as a header', async () => {
    const res = await t.admin
      .post(GENERATE)
      .send({ prompt: 'Our new collaborative welding cell', category: 'Technology' })
      .expect(200);
    const article = res.body.data;
    expect(article).toMatchObject({
      title: 'Our new collaborative welding cell: what it means for industrial operations',
      category: 'Technology',
      slug: 'our-new-collaborative-welding-cell',
      image_url: 'https://images.unsplash.com/photo-1565043666747-69f6646db940?w=1200',
    });
    expect(article.content).toContain('## Why it matters');
    expect(article.excerpt.length).toBeGreaterThan(10);

    expect(fake.requests).toHaveLength(1);
    const sent = fake.requests[0]!;
    expect(sent.path).toBe('/v1/chat/completions');
    expect(sent.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(sent.body).toMatchObject({
      model: 'fake-gpt',
      response_format: { type: 'json_schema', json_schema: { name: 'news_article', strict: true } },
    });
    const [system, user] = sent.body!.messages as { role: string; content: string }[];
    expect(system!.content).toMatch(/Portugal/);
    expect(system!.content).toMatch(/industrial decision makers/);
    expect(system!.content).toContain(
      'Write the whole article (title, excerpt and content) in English',
    );
    expect(system!.content).toContain('The category is "Technology"');
    expect(user!.content).toContain('Our new collaborative welding cell');

    expect(JSON.stringify(res.body)).not.toContain(KEY);
    expect(await t.logs()).not.toContain(KEY);
    expect(await t.logs()).toContain('LLM drafted an article');
  });

  it('writes in the language asked for, else the admin language from ?lang or the cookie', async () => {
    await t.admin.post(GENERATE).send({ prompt: 'Neue Roboterzelle', language: 'de' }).expect(200);
    await t.admin.post(`${GENERATE}?lang=pt`).send({ prompt: 'Nova célula robótica' }).expect(200);
    const res = await t.admin
      .post(GENERATE)
      .set('Cookie', 'language=de')
      .send({ prompt: 'Cobot' })
      .expect(200);
    const systems = fake.requests.map(
      (r) => (r.body!.messages as { content: string }[])[0]!.content,
    );
    expect(systems[0]).toContain('in German');
    expect(systems[1]).toContain('in European Portuguese');
    expect(systems[2]).toContain('in German');
    expect(res.body.data.title).toContain('Was das für die industrielle Fertigung bedeutet');
  });

  it('asks for a page of the site, not news, when the draft is a page', async () => {
    await t.admin.post(GENERATE).send({ prompt: 'Our careers page', kind: 'page' }).expect(200);
    await t.admin.post(GENERATE).send({ prompt: 'A news item' }).expect(200);
    const [page, news] = fake.requests.map((r) => r.body!.messages as { content: string }[]);
    expect(page![0]!.content).toContain(
      'This time you write a page of the website that is not news',
    );
    expect(page![1]!.content).toContain('Write a page of the website about the following');
    expect(news![0]!.content).not.toContain('page of the website');
    const bad = await t.admin.post(GENERATE).send({ prompt: 'x', kind: 'post' }).expect(400);
    expect(bad.body.details).toEqual({ kind: 'Kind must be article or page' });
  });

  it('lets the model choose among the offered categories when none is given', async () => {
    fake.setScenario({ name: 'good', article: { category: 'partnership' } });
    const res = await t.admin
      .post(GENERATE)
      .send({ prompt: 'A new partner', category: '' })
      .expect(200);
    expect(res.body.data.category).toBe('Partnership');
    const system = (fake.requests[0]!.body!.messages as { content: string }[])[0]!.content;
    expect(system).toContain('Choose the category that fits best: "AI Innovation", "Partnership"');
  });

  it('accepts an answer wrapped in a ```json fence', async () => {
    fake.setScenario('fenced');
    const res = await t.admin.post(GENERATE).send({ prompt: 'Vision inspection' }).expect(200);
    expect(res.body.data.title).toContain('Vision inspection');
  });

  it('normalises the slug, makes it unique and drops an image URL that is not http(s)', async () => {
    const taken = {
      title: 'Taken',
      excerpt: 'E',
      content: 'C',
      category: 'Technology',
      slug: 'robot-news',
    };
    await t.admin.post('/api/news').send(taken).expect(201);
    fake.setScenario({
      name: 'good',
      article: { slug: 'Robot News!', image_url: 'javascript:alert(1)' },
    });
    const res = await t.admin.post(GENERATE).send({ prompt: 'Robots' }).expect(200);
    expect(res.body.data.slug).toBe('robot-news-2');
    expect(res.body.data).not.toHaveProperty('image_url');
  });

  it('steps down to json_object when the server rejects json_schema, and remembers it', async () => {
    fake.setScenario('reject-json-schema');
    const res = await t.admin.post(GENERATE).send({ prompt: 'Predictive maintenance' }).expect(200);
    expect(res.body.data.title).toContain('Predictive maintenance');
    expect(fake.requests.map((r) => (r.body!.response_format as { type: string }).type)).toEqual([
      'json_schema',
      'json_object',
    ]);
    await t.admin.post(GENERATE).send({ prompt: 'Again' }).expect(200);
    expect((fake.requests[2]!.body!.response_format as { type: string }).type).toBe('json_object');
  });
});
