import { inspect } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeLlm, type FakeLlm } from '../../../tests/support/fake-llm-server';
import { parseConfig } from '../../config';
import { LlmUpstreamError } from './llm.provider';
import { createLlmProvider } from './openai-provider';

const provider = (env: Record<string, string>) => createLlmProvider(parseConfig(env).llm);

describe('createLlmProvider', () => {
  it('is null when nothing is configured', () => {
    expect(provider({})).toBeNull();
  });

  it('needs endpoint, key and deployment for Azure', () => {
    // Half an Azure setup stops the server at boot (config.test.ts) instead of being ignored.
    expect(() => provider({ AZURE_OPENAI_ENDPOINT: 'https://x.openai.azure.com' })).toThrow(
      /AZURE_OPENAI_API_KEY is required/,
    );
    const azure = provider({
      AZURE_OPENAI_ENDPOINT: 'https://x.openai.azure.com',
      AZURE_OPENAI_API_KEY: 'k',
      AZURE_OPENAI_DEPLOYMENT: 'gpt-4o-news',
    });
    expect(azure).toMatchObject({ name: 'azure', model: 'gpt-4o-news' });
  });

  it('uses any OpenAI-compatible server by base URL, with or without a key', () => {
    expect(
      provider({ OPENAI_BASE_URL: 'http://localhost:11434/v1', OPENAI_MODEL: 'llama3.1' }),
    ).toMatchObject({
      name: 'openai',
      model: 'llama3.1',
    });
    expect(provider({ OPENAI_API_KEY: 'sk-x' })).toMatchObject({
      name: 'openai',
      model: 'gpt-4o-mini',
    });
  });

  it('prefers Azure when both are configured', () => {
    const both = provider({
      AZURE_OPENAI_ENDPOINT: 'https://x.openai.azure.com',
      AZURE_OPENAI_API_KEY: 'k',
      AZURE_OPENAI_DEPLOYMENT: 'd',
      OPENAI_BASE_URL: 'http://localhost:8000/v1',
    });
    expect(both?.name).toBe('azure');
  });
});

describe('a provider facing an upstream that echoes its key', () => {
  let fake: FakeLlm;
  beforeAll(async () => {
    fake = await startFakeLlm();
    fake.setScenario('echo-key');
  });
  afterAll(() => fake.close());

  // Keys without the `sk-` shape, so only scrubbing the configured secret can hide them.
  it.each([
    [
      'openai',
      (url: string, key: string) => ({ OPENAI_BASE_URL: `${url}/v1`, OPENAI_API_KEY: key }),
    ],
    [
      'azure',
      (url: string, key: string) => ({
        AZURE_OPENAI_ENDPOINT: url,
        AZURE_OPENAI_API_KEY: key,
        AZURE_OPENAI_DEPLOYMENT: 'news-drafter',
      }),
    ],
  ] as const)('%s: the thrown error does not carry the key', async (name, env) => {
    const key = `plain-${name}-secret-0f9e8d7c6b5a`;
    const p = provider(env(fake.url, key))!;
    const error = await p
      .complete([{ role: 'user', content: 'Robots' }], {
        format: { type: 'text' },
        signal: new AbortController().signal,
        timeoutMs: 5_000,
      })
      .catch((e: unknown) => e);

    // The upstream really did echo the key back...
    const sent = fake.requests.at(-1)!.headers;
    expect(String(sent['api-key'] ?? sent.authorization)).toContain(key);
    // ...and none of it reaches what the service logs or maps to a response.
    expect(error).toBeInstanceOf(LlmUpstreamError);
    expect(error).toMatchObject({ kind: 'auth', info: { status: 401 } });
    const exposed = [
      (error as Error).message,
      (error as Error).stack,
      JSON.stringify(error),
      inspect(error, { depth: 5 }),
    ].join('\n');
    expect(exposed).toContain('[redacted]');
    expect(exposed).not.toContain(key);
  });
});
