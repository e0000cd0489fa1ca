import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startFakeLlm, type FakeLlm } from '../../../tests/support/fake-llm-server';
import { ADMIN, startLlmTestApp, type LlmTestApp } from '../../../tests/support/llm-test-app';
import { DEFAULT_LLM_TUNING } from './resilient-completion';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const KEY = 'sk-failures-test-key-55aa77bb';
const GENERATE = '/api/llm/generate-news-content';

describe('LLM failures are clear and bounded', () => {
  let fake: FakeLlm;
  let t: LlmTestApp;

  beforeAll(async () => {
    fake = await startFakeLlm();
    t = await startLlmTestApp(
      { OPENAI_BASE_URL: `${fake.url}/v1`, OPENAI_API_KEY: KEY, OPENAI_MODEL: 'fake-gpt' },
      { timeoutMs: 700, retryDelayMs: 10 },
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

  const generate = (prompt: string) => t.admin.post(GENERATE).send({ prompt });

  it('answers 502 when the model does not return JSON', async () => {
    fake.setScenario('invalid-json');
    const res = await generate('Robots').expect(502);
    expect(res.body).toEqual({
      error:
        'The language model did not return a usable article. Try again or rephrase the description.',
      id: res.headers['x-request-id'],
    });
    expect(fake.requests).toHaveLength(1);
  });

  it('answers 502 when the JSON does not have the article fields', async () => {
    fake.setScenario('wrong-shape');
    await generate('Robots').expect(502);
  });

  it('retries exactly once after a 429 and then succeeds', async () => {
    const res = await generate('Rate limited topic [[429-once]]').expect(200);
    expect(res.body.data.title).toContain('Rate limited topic');
    expect(fake.requests).toHaveLength(2);
  });

  it('answers 502 after exactly one retry when the server keeps failing with 500', async () => {
    fake.setScenario('500');
    const res = await generate('Robots').expect(502);
    expect(res.body.error).toBe(
      'The language model service had an internal error. Try again in a few minutes.',
    );
    expect(fake.requests).toHaveLength(2);
  });

  it('gives up at the deadline with a 504 the admin can act on', async () => {
    fake.setScenario({ name: 'slow', delayMs: 5000 });
    const started = Date.now();
    const res = await generate('Robots').expect(504);
    expect(Date.now() - started).toBeLessThan(2500);
    expect(res.body.error).toBe(
      'The language model did not answer in time. Try again in a minute.',
    );
    expect(fake.requests).toHaveLength(1);
  });

  it('counts the deadline from when the request arrived, a body slow to come in included', async () => {
    fake.setScenario({ name: 'slow', delayMs: 5000 });
    const server = http.createServer(t.app).listen(0, '127.0.0.1');
    await once(server, 'listening');
    try {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const login = await fetch(`${base}/api/auth/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(ADMIN),
      });
      const cookie = login.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; ');
      const body = JSON.stringify({ prompt: 'Robots' });
      const started = Date.now();
      const answer = new Promise<{ status: number; text: string }>((resolve, reject) => {
        const req = http.request(`${base}${GENERATE}`, {
          method: 'POST',
          headers: {
            'Content-Type': 'application/json',
            'Content-Length': Buffer.byteLength(body),
            Cookie: cookie,
          },
        });
        req.on('response', (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (text += chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
        });
        req.on('error', reject);
        req.flushHeaders();
        // Most of the app's 700 ms pass before the body is in and the model is asked.
        setTimeout(() => req.end(body), 550);
      });
      const res = await answer;
      expect(res.status).toBe(504);
      expect(JSON.parse(res.text).error).toBe(
        'The language model did not answer in time. Try again in a minute.',
      );
      // From the model's call on, the deadline would end 550 ms later (~1,250 ms).
      expect(Date.now() - started).toBeLessThan(1100);
    } finally {
      server.close();
    }
  });

  it('translates the failure into the admin language', async () => {
    fake.setScenario({ name: 'slow', delayMs: 5000 });
    const res = await t.admin.post(`${GENERATE}?lang=de`).send({ prompt: 'Robots' }).expect(504);
    expect(res.body.error).toBe(
      'Das Sprachmodell hat nicht rechtzeitig geantwortet. Bitte versuchen Sie es in einer Minute erneut.',
    );
  });

  it.each([
    [
      'refuse',
      'The language model declined to write this article. Rephrase the description and try again.',
    ],
    [
      'content-filter',
      'The language model declined to write this article. Rephrase the description and try again.',
    ],
    [
      'truncated',
      'The language model stopped before the article was complete. Try a shorter, more focused description.',
    ],
  ] as const)('answers 502 for %s', async (scenario, message) => {
    fake.setScenario(scenario);
    const res = await generate('Robots').expect(502);
    expect(res.body.error).toBe(message);
  });

  it('falls back to plain instructions when the server accepts no response_format', async () => {
    fake.setScenario('reject-response-format');
    const res = await generate('Edge AI').expect(200);
    expect(res.body.data.title).toContain('Edge AI');
    expect(
      fake.requests.map((r) => (r.body!.response_format as { type: string } | undefined)?.type),
    ).toEqual(['json_schema', 'json_object', undefined]);
  });

  it('never leaks a key the upstream echoes back, neither in the answer nor in the logs', async () => {
    fake.setScenario('unauthorized');
    const res = await generate('Robots').expect(502);
    expect(res.body.error).toBe(
      'The language model server rejected the API key. Check the configured key.',
    );
    expect(await t.logs()).toContain('LLM call failed');
    expect(await t.logs()).not.toContain('sk-test-1234');
    expect(await t.logs()).not.toContain(KEY);
    expect(fake.requests).toHaveLength(1);
  });

  it('stops waiting for the model when the admin goes away', async () => {
    fake.setScenario({ name: 'slow', delayMs: 5000 });
    await expect(t.admin.post(GENERATE).send({ prompt: 'Robots' }).timeout(150)).rejects.toThrow(
      /Timeout/,
    );
    for (let i = 0; i < 40 && !(await t.logs()).includes('"kind":"aborted"'); i++) await sleep(25);
    expect(await t.logs()).toContain('"kind":"aborted"');
    expect(fake.requests).toHaveLength(1);
  });

  it('rejects a blank prompt with the catalogue’s message, in the admin language too', async () => {
    const res = await t.admin.post(GENERATE).send({ prompt: '   ' }).expect(400);
    expect(res.body).toEqual({
      error: 'Please enter a prompt for content generation',
      details: { prompt: 'Please enter a prompt for content generation' },
    });
    const pt = await t.admin.post(`${GENERATE}?lang=pt`).send({}).expect(400);
    expect(pt.body.error).not.toBe(res.body.error);
    expect(fake.requests).toHaveLength(0);
  });

  it('rejects a prompt over 2,000 characters and an unknown category or language', async () => {
    await t.admin
      .post(GENERATE)
      .send({ prompt: 'x'.repeat(2001) })
      .expect(400);
    await t.admin.post(GENERATE).send({ prompt: 'ok', category: 'Gossip' }).expect(400);
    await t.admin.post(GENERATE).send({ prompt: 'ok', language: 'fr' }).expect(400);
    expect(fake.requests).toHaveLength(0);
  });

  it('is for admins only', async () => {
    await t.anonymous.post(GENERATE).send({ prompt: 'Robots' }).expect(401);
    await t.anonymous.get('/api/llm/llm-status').expect(401);
    const res = await t.editor.post(GENERATE).send({ prompt: 'Robots' }).expect(403);
    expect(res.body.error).toBe('Access denied. Admin privileges required.');
    await t.editor.get('/api/llm/llm-status').expect(403);
    expect(fake.requests).toHaveLength(0);
  });
});

describe('LLM limits and configuration', () => {
  it('limits each admin to a few generations a minute', async () => {
    const fake = await startFakeLlm();
    const t = await startLlmTestApp({ OPENAI_BASE_URL: `${fake.url}/v1`, RATE_LIMIT_AI: '2' });
    try {
      await t.admin.post(GENERATE).send({ prompt: 'One' }).expect(200);
      await t.admin.post(GENERATE).send({ prompt: 'Two' }).expect(200);
      const res = await t.admin.post(GENERATE).send({ prompt: 'Three' }).expect(429);
      expect(res.body.error).toMatch(/several AI requests \(drafts or translations\)/);
      expect(fake.requests).toHaveLength(2);
      const other = await t.anotherAdmin('second-admin');
      await other.post(GENERATE).send({ prompt: 'Four' }).expect(200);
    } finally {
      await t.close();
      await fake.close();
    }
  });

  it('gives the model 60 seconds by default', async () => {
    expect(DEFAULT_LLM_TUNING.timeoutMs).toBe(60_000);
    const fake = await startFakeLlm();
    // No tuning override: the app as it runs in production.
    const t = await startLlmTestApp({ OPENAI_BASE_URL: `${fake.url}/v1` });
    try {
      await t.admin.post(GENERATE).send({ prompt: 'Robots' }).expect(200);
      // The SDK announces the timeout it was given, in whole seconds, rounded down.
      const announced = Number(fake.requests[0]!.headers['x-stainless-timeout']);
      expect(announced).toBeGreaterThanOrEqual(59);
      expect(announced).toBeLessThanOrEqual(60);
    } finally {
      await t.close();
      await fake.close();
    }
  });

  it('says so when no provider is configured', async () => {
    const t = await startLlmTestApp({});
    try {
      const status = await t.admin.get('/api/llm/llm-status').expect(200);
      expect(status.body).toEqual({ data: { configured: false, provider: null, model: null } });
      const res = await t.admin.post(GENERATE).send({ prompt: 'Robots' }).expect(503);
      expect(res.body).toEqual({
        error: 'AI content generation is not configured',
        id: expect.stringMatching(/^[0-9a-f]{16}$/),
      });
    } finally {
      await t.close();
    }
  });
});
