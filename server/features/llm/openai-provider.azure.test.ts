import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startFakeLlm, type FakeLlm } from '../../../tests/support/fake-llm-server';
import { startLlmTestApp, type LlmTestApp } from '../../../tests/support/llm-test-app';

const AZURE_KEY = 'azure-secret-key-0a1b2c3d4e5f';
const OPENAI_KEY = 'sk-should-not-be-used-9988';

describe('LLM API against Azure OpenAI', () => {
  let fake: FakeLlm;
  let t: LlmTestApp;

  beforeAll(async () => {
    fake = await startFakeLlm();
    // Both providers configured: Azure wins.
    t = await startLlmTestApp(
      {
        AZURE_OPENAI_ENDPOINT: fake.url,
        AZURE_OPENAI_API_KEY: AZURE_KEY,
        AZURE_OPENAI_DEPLOYMENT: 'news-drafter',
        AZURE_OPENAI_API_VERSION: '2024-10-21',
        OPENAI_BASE_URL: `${fake.url}/v1`,
        OPENAI_API_KEY: OPENAI_KEY,
      },
      { timeoutMs: 2000, retryDelayMs: 10 },
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

  it('reports Azure with the deployment as the model', async () => {
    const res = await t.admin.get('/api/llm/llm-status').expect(200);
    expect(res.body).toEqual({
      data: { configured: true, provider: 'azure', model: 'news-drafter' },
    });
  });

  it('posts to the deployment URL with the api-version and the api-key header', async () => {
    const res = await t.admin
      .post('/api/llm/generate-news-content')
      .send({ prompt: 'Digital twin for a bottling line', category: 'Industry', language: 'pt' })
      .expect(200);
    expect(res.body.data).toMatchObject({
      title: 'Digital twin for a bottling line: o que significa para as operações industriais',
      category: 'Industry',
      slug: 'digital-twin-for-a-bottling-line',
    });

    expect(fake.requests).toHaveLength(1);
    const sent = fake.requests[0]!;
    expect(sent.path).toBe('/openai/deployments/news-drafter/chat/completions');
    expect(sent.query).toEqual({ 'api-version': '2024-10-21' });
    expect(sent.headers['api-key']).toBe(AZURE_KEY);
    expect(JSON.stringify(sent.headers)).not.toContain(OPENAI_KEY);
    expect(sent.body).toMatchObject({ response_format: { type: 'json_schema' } });

    expect(JSON.stringify(res.body)).not.toContain(AZURE_KEY);
    expect(await t.logs()).not.toContain(AZURE_KEY);
  });

  it('retries once on the deployment URL after a 429, then drafts the article', async () => {
    const res = await t.admin
      .post('/api/llm/generate-news-content')
      .send({ prompt: 'Cobots in a bakery [[429-once]]' })
      .expect(200);
    expect(res.body.data.title).toContain('Cobots in a bakery');

    expect(fake.requests).toHaveLength(2);
    for (const sent of fake.requests) {
      expect(sent.path).toBe('/openai/deployments/news-drafter/chat/completions');
      expect(sent.query).toEqual({ 'api-version': '2024-10-21' });
      expect(sent.headers['api-key']).toBe(AZURE_KEY);
    }
    expect(await t.logs()).toContain('LLM call failed; retrying once');
    expect(await t.logs()).toContain('"status":429');
    expect(await t.logs()).not.toContain(AZURE_KEY);
  });

  it('keeps the key out of the answer and the logs when Azure echoes it in an error', async () => {
    fake.setScenario('echo-key');
    const res = await t.admin
      .post('/api/llm/generate-news-content')
      .send({ prompt: 'Robots' })
      .expect(502);
    expect(res.body).toEqual({
      error: 'The language model server rejected the API key. Check the configured key.',
      id: res.headers['x-request-id'],
    });
    expect(fake.requests).toHaveLength(1);
    expect(await t.logs()).toContain('[redacted]');
    expect(await t.logs()).not.toContain(AZURE_KEY);
  });
});
