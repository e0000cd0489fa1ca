import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startFakeLlm, type FakeLlm } from '../../../tests/support/fake-llm-server';
import { startLlmTestApp, type LlmTestApp } from '../../../tests/support/llm-test-app';
import { parseTextsTranslation } from './texts-translation';

const TRANSLATE = '/api/llm/translate-texts';

const TEXTS = {
  'home.hero.title': 'Robots that pay for themselves',
  'footer.copyright': '© {{year}} {{name}}. All rights reserved.',
};

type Sent = { role: string; content: string }[];

describe('POST /api/llm/translate-texts', () => {
  let fake: FakeLlm;
  let t: LlmTestApp;

  beforeAll(async () => {
    fake = await startFakeLlm();
    t = await startLlmTestApp(
      { OPENAI_BASE_URL: `${fake.url}/v1`, OPENAI_API_KEY: 'sk-texts-test', OPENAI_MODEL: 'fake' },
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

  it('drafts every text in each language, one call per language', async () => {
    const res = await t.admin
      .post(TRANSLATE)
      .send({ from: 'en', to: ['pt', 'de'], texts: TEXTS })
      .expect(200);
    expect(res.body.data.translations).toEqual({
      pt: {
        'home.hero.title': '[pt] Robots that pay for themselves',
        'footer.copyright': '[pt] © {{year}} {{name}}. All rights reserved.',
      },
      de: {
        'home.hero.title': '[de] Robots that pay for themselves',
        'footer.copyright': '[de] © {{year}} {{name}}. All rights reserved.',
      },
    });
    expect(fake.requests).toHaveLength(2);
    const system = (fake.requests[0]!.body!.messages as Sent)[0]!.content;
    expect(system).toMatch(/placeholder in double curly braces/);
    const format = fake.requests[0]!.body!.response_format as { json_schema?: { schema: unknown } };
    expect(format.json_schema?.schema).toMatchObject({ required: Object.keys(TEXTS) });
  });

  it('refuses bad requests before asking the model', async () => {
    await t.admin
      .post(TRANSLATE)
      .send({ from: 'en', to: ['en'], texts: TEXTS })
      .expect(400);
    await t.admin
      .post(TRANSLATE)
      .send({ from: 'en', to: ['pt'], texts: {} })
      .expect(400);
    await t.admin
      .post(TRANSLATE)
      .send({ from: 'en', to: ['pt'], texts: { 'home.hero.title': 'x'.repeat(2001) } })
      .expect(400);
    expect(fake.requests).toHaveLength(0);
  });

  it('answers 502 when a language fails, and 403 for a visitor’s account', async () => {
    await t.admin
      .post(TRANSLATE)
      .send({
        from: 'en',
        to: ['de'],
        texts: { 'home.hero.title': 'Hello [[fail-translation:de]]' },
      })
      .expect(502);
    await t.editor
      .post(TRANSLATE)
      .send({ from: 'en', to: ['pt'], texts: TEXTS })
      .expect(403);
  });
});

describe('a model’s translation of site texts', () => {
  const source = { a: 'Hello {{name}}', b: 'Phone' };
  it('is taken with exactly the keys asked for and every placeholder kept', () => {
    expect(parseTextsTranslation('{"a":"Olá {{name}}","b":"Telefone"}', source)).toEqual({
      a: 'Olá {{name}}',
      b: 'Telefone',
    });
    expect(
      parseTextsTranslation('```json\n{"a":" Olá {{ name }} ","b":"Telefone"}\n```', source),
    ).toEqual({
      a: 'Olá {{ name }}',
      b: 'Telefone',
    });
  });
  it('is refused when a key is missing or empty, or a placeholder is lost', () => {
    expect(parseTextsTranslation('{"a":"Olá {{name}}"}', source)).toBeNull();
    expect(parseTextsTranslation('{"a":"Olá {{name}}","b":" "}', source)).toBeNull();
    expect(parseTextsTranslation('{"a":"Olá","b":"Telefone"}', source)).toBeNull();
    expect(parseTextsTranslation('not json', source)).toBeNull();
  });
});
