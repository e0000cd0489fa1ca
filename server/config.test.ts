import express from 'express';
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
    expect(fail({ ADMIN_USERNAME: 'ana', ADMIN_PASSWORD: 'password123' })).toThrow(
      'Invalid configuration: ADMIN_PASSWORD is one of the common passwords attackers try first: choose another',
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

  it('reads TRUST_PROXY as Express does, and refuses what Express would refuse only once up', () => {
    const read = (value: string) => parseConfig({ TRUST_PROXY: value }).trustProxy;
    expect(read('')).toBeUndefined();
    expect([read('true'), read('yes'), read('false'), read('no')]).toEqual([
      true,
      true,
      false,
      false,
    ]);
    expect([read('0'), read('2')]).toEqual([0, 2]);
    for (const value of [
      'loopback',
      'loopback, uniquelocal',
      '10.0.0.1',
      '10.0.0.0/8, fc00::/7',
      '192.168.0.0/255.255.0.0',
      '::1',
    ]) {
      expect(read(value), value).toBe(value);
      // What the app hands Express, which takes it.
      expect(() => express().set('trust proxy', read(value)), value).not.toThrow();
    }
    for (const value of ['maybe', 'on', '10.0.0.1/33', 'loopback,', '300.1.1.1', '-1']) {
      expect(fail({ TRUST_PROXY: value }), value).toThrow(ConfigError);
      expect(fail({ TRUST_PROXY: value }), value).toThrow(
        /^Invalid configuration: TRUST_PROXY must be true, false, a number of proxies, or a comma-separated list of addresses/,
      );
    }
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

  describe('e-mail', () => {
    const smtp = {
      SMTP_URL: 'smtp://user:pass@mail.example.com:587',
      MAIL_FROM: 'hello@example.com',
    };

    it('is off with nothing set; AUTO_REPLY defaults to true', () => {
      expect(parseConfig({}).mail).toBeUndefined();
      expect(parseConfig({}).enquiryRetentionDays).toBeUndefined();
      expect(parseConfig(smtp).mail).toEqual({
        smtpUrl: smtp.SMTP_URL,
        from: { name: '', address: 'hello@example.com' },
        notify: [],
        autoReply: true,
      });
    });

    it('reads MAIL_FROM with a display name, NOTIFY_EMAIL as a list and AUTO_REPLY', () => {
      const config = parseConfig({
        SMTP_URL: 'smtps://mail.example.com',
        MAIL_FROM: 'Forge Industrial <hello@example.com>',
        NOTIFY_EMAIL: ' sales@example.com,ops@example.pt ',
        AUTO_REPLY: 'false',
        ENQUIRY_RETENTION_DAYS: '365',
      });
      expect(config.mail).toMatchObject({
        from: { name: 'Forge Industrial', address: 'hello@example.com' },
        notify: ['sales@example.com', 'ops@example.pt'],
        autoReply: false,
      });
      expect(config.enquiryRetentionDays).toBe(365);
      expect(
        parseConfig({ ...smtp, MAIL_FROM: '"Forge, Porto" <a@example.com>' }).mail?.from,
      ).toEqual({
        name: 'Forge, Porto',
        address: 'a@example.com',
      });
    });

    it.each([
      [
        { SMTP_URL: 'http://mail.example.com' },
        'SMTP_URL must be a URL starting with smtp:// or smtps://',
      ],
      [{ SMTP_URL: 'smtp://mail.example.com' }, 'MAIL_FROM is required when SMTP_URL is set'],
      [{ MAIL_FROM: 'hello@example.com' }, 'SMTP_URL is required when MAIL_FROM is set'],
      [{ ...smtp, MAIL_FROM: 'hello' }, 'MAIL_FROM must be an e-mail address such as'],
      [{ ...smtp, MAIL_FROM: 'Forge <hello@example.com' }, 'MAIL_FROM must be an e-mail address'],
      [{ ...smtp, MAIL_FROM: 'a@b.com\r\nBcc: x@y.com' }, 'MAIL_FROM must be an e-mail address'],
      [
        { ...smtp, NOTIFY_EMAIL: 'sales@example.com, nobody' },
        'NOTIFY_EMAIL must be a comma-separated list',
      ],
      [{ NOTIFY_EMAIL: 'sales@example.com' }, 'SMTP_URL is required when NOTIFY_EMAIL is set'],
      [{ ...smtp, AUTO_REPLY: 'sometimes' }, 'AUTO_REPLY must be true or false'],
      [{ ENQUIRY_RETENTION_DAYS: '0' }, 'ENQUIRY_RETENTION_DAYS must be a whole number of days'],
      [{ ENQUIRY_RETENTION_DAYS: '30d' }, 'ENQUIRY_RETENTION_DAYS must be a whole number of days'],
    ])('stops on %j with one line', (env, message) => {
      expect(fail(env)).toThrow(`Invalid configuration: ${message}`);
    });
  });
});
