import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeLlm, type FakeLlm } from '../../../tests/support/fake-llm-server';
import { startLlmTestApp, type LlmTestApp } from '../../../tests/support/llm-test-app';

/**
 * What the server accepts is remembered across calls (resilient-completion.ts):
 * calls running side by side must not step it down further than what they
 * were each refused.
 */
describe('the response format a server accepts', () => {
  let fake: FakeLlm;
  let t: LlmTestApp;

  beforeAll(async () => {
    fake = await startFakeLlm();
    t = await startLlmTestApp(
      { OPENAI_BASE_URL: `${fake.url}/v1`, OPENAI_API_KEY: 'sk-formats', OPENAI_MODEL: 'fake-gpt' },
      { timeoutMs: 800, retryDelayMs: 10 },
    );
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  const formats = () =>
    fake.requests.map((r) => (r.body!.response_format as { type: string } | undefined)?.type);

  it('is stepped down once when two languages are refused JSON schema at the same time', async () => {
    fake.setScenario('reject-json-schema');
    await t.admin
      .post('/api/llm/translate-news')
      .send({
        title: 'Welding cells',
        excerpt: 'Faster.',
        content: 'Two cells.',
        from: 'en',
        to: ['pt', 'de'],
      })
      .expect(200);
    expect(formats().sort()).toEqual(['json_object', 'json_object', 'json_schema', 'json_schema']);

    fake.requests.length = 0;
    await t.admin.post('/api/llm/generate-news-content').send({ prompt: 'Edge AI' }).expect(200);
    // JSON mode, which the server accepts, not plain text.
    expect(formats()).toEqual(['json_object']);
  });
});
