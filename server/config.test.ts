import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from './config';

const fail = (env: Record<string, string>) => () => parseConfig(env);

describe('parseConfig', () => {
  it('works with nothing set, with the documented defaults', () => {
    const config = parseConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      seedDemo: true,
      allowRegistration: false,
      allowedOrigins: [],
      rateLimit: { login: 10, contact: 5 },
      logLevel: 'info',
      admin: undefined,
      databaseUrl: undefined,
      llm: { azure: undefined, openai: undefined },
    });
    expect(config.dataDir).toMatch(/data$/);
  });

  it('names the variable in one line for a bad value', () => {
    expect(fail({ PORT: 'abc' })).toThrow(ConfigError);
    expect(fail({ PORT: 'abc' })).toThrow(/^Invalid configuration: PORT must be a whole number/);
    expect(fail({ SEED_DEMO: 'maybe' })).toThrow(/SEED_DEMO must be true or false/);
    expect(fail({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL must be a URL/);
    expect(fail({ SESSION_SECRET: 'short' })).toThrow(/SESSION_SECRET must be at least 32/);
    expect(fail({ ALLOWED_ORIGINS: 'not an origin' })).toThrow(/ALLOWED_ORIGINS/);
    expect(fail({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL/);
    expect(fail({ ADMIN_USERNAME: 'ana', ADMIN_PASSWORD: 'short-1' })).toThrow(
      'Invalid configuration: ADMIN_PASSWORD must be at least 10 characters',
    );
    expect(fail({ PUBLIC_URL: 'www.example.com' })).toThrow(/^Invalid configuration: PUBLIC_URL /);
    expect(fail({ PUBLIC_URL: 'https://example.com/site' })).toThrow(
      /PUBLIC_URL must be an origin/,
    );
    expect(fail({ PUBLIC_URL: 'ftp://example.com' })).toThrow(/PUBLIC_URL/);
    expect(fail({ ADMIN_USERNAME: 'ana silva', ADMIN_PASSWORD: 'long-enough-1' })).toThrow(
      'Invalid configuration: ADMIN_USERNAME must be 3 to 50 letters, digits, dots, hyphens or underscores',
    );
  });

  it('refuses half a set of related variables instead of silently ignoring it', () => {
    expect(fail({ ADMIN_USERNAME: 'root' })).toThrow(
      'Invalid configuration: ADMIN_PASSWORD is required when ADMIN_USERNAME is set',
    );
    expect(fail({ AZURE_OPENAI_ENDPOINT: 'https://x.openai.azure.com' })).toThrow(
      'Invalid configuration: AZURE_OPENAI_API_KEY is required when AZURE_OPENAI_ENDPOINT is set',
    );
  });

  it('reads lists, booleans and provider settings', () => {
    const config = parseConfig({
      ALLOWED_ORIGINS: 'https://a.example.com/, http://localhost:5173',
      ALLOW_REGISTRATION: 'true',
      TRUST_PROXY: '1',
      AZURE_OPENAI_ENDPOINT: 'https://x.openai.azure.com',
      AZURE_OPENAI_API_KEY: 'k',
      AZURE_OPENAI_DEPLOYMENT: 'drafts',
    });
    expect(config.allowedOrigins).toEqual(['https://a.example.com', 'http://localhost:5173']);
    expect(config.allowRegistration).toBe(true);
    expect(config.trustProxy).toBe(1);
    expect(config.llm.azure).toMatchObject({ deployment: 'drafts', apiVersion: '2024-10-21' });
  });

  it('keeps PUBLIC_URL as a bare origin (a trailing slash is fine, unset is the request origin)', () => {
    expect(parseConfig({ PUBLIC_URL: 'https://www.example.com/' }).publicUrl).toBe(
      'https://www.example.com',
    );
    expect(parseConfig({ PUBLIC_URL: 'http://localhost:8080' }).publicUrl).toBe(
      'http://localhost:8080',
    );
    expect(parseConfig({}).publicUrl).toBeUndefined();
  });
});
