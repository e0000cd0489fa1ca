import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../config';
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

  it('keeps keys out of what it exposes', () => {
    const p = provider({
      OPENAI_BASE_URL: 'http://localhost:8000/v1',
      OPENAI_API_KEY: 'sk-very-secret-key',
    });
    expect(JSON.stringify(p)).not.toContain('sk-very-secret-key');
  });
});
