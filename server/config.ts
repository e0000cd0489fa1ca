import path from 'node:path';
import proxyaddr from 'proxy-addr';
import { z } from 'zod';
import { PASSWORD_MIN_LENGTH, USERNAME_PATTERN } from '#shared/auth';
import { isCommonPassword } from '#shared/common-passwords';
import { parseMailbox } from './mailbox';

/**
 * The whole runtime configuration, parsed once from the environment at boot.
 * Nothing else in the server reads `process.env`.
 */

const bool = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'must be true or false' })
    .optional()
    .transform((v) => (v === undefined ? fallback : ['true', '1', 'yes'].includes(v)));

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() !== '' ? v.trim() : undefined));

const optionalUrl = (protocols: string[]) =>
  optionalString.refine(
    (v) => {
      if (v === undefined) return true;
      try {
        return protocols.includes(new URL(v).protocol);
      } catch {
        return false;
      }
    },
    { message: `must be a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}` },
  );

/** `https://www.example.com` (a trailing slash is fine; a path, query or credentials are not). */
function isOrigin(value: string): boolean {
  try {
    const url = new URL(value);
    return (
      (url.protocol === 'https:' || url.protocol === 'http:') &&
      value.replace(/\/+$/, '') === url.origin
    );
  } catch {
    return false;
  }
}

const int = (fallback: number, min: number, max: number) =>
  z
    .string()
    .optional()
    .transform((v) => (v === undefined || v.trim() === '' ? String(fallback) : v.trim()))
    .refine((v) => /^\d+$/.test(v) && Number(v) >= min && Number(v) <= max, {
      message: `must be a whole number from ${min} to ${max}`,
    })
    .transform(Number);

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: int(3000, 0, 65535),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optionalUrl(['postgres:', 'postgresql:']),
  SESSION_SECRET: optionalString.refine((v) => v === undefined || v.length >= 32, {
    message: 'must be at least 32 characters',
  }),
  ADMIN_USERNAME: optionalString.refine((v) => v === undefined || USERNAME_PATTERN.test(v), {
    message: 'must be 3 to 50 letters, digits, dots, hyphens or underscores',
  }),
  ADMIN_PASSWORD: optionalString
    .refine((v) => v === undefined || v.length >= PASSWORD_MIN_LENGTH, {
      message: `must be at least ${PASSWORD_MIN_LENGTH} characters`,
    })
    .refine((v) => v === undefined || v.length < PASSWORD_MIN_LENGTH || !isCommonPassword(v), {
      message: 'is one of the common passwords attackers try first: choose another',
    }),
  SEED_DEMO: bool(true),
  ALLOW_REGISTRATION: bool(false),
  TRUST_PROXY: optionalString
    .transform(parseTrustProxy)
    .refine((v) => v !== null, {
      message:
        'must be true, false, a number of proxies, or a comma-separated list of addresses, ' +
        'subnets (10.0.0.0/8) or loopback, linklocal, uniquelocal',
    })
    .transform((v) => v ?? undefined),
  ALLOWED_ORIGINS: optionalString
    .transform((v) => (v ? v.split(',').map((o) => o.trim().replace(/\/+$/, '')) : []))
    .refine(
      (list) =>
        list.every((o) => /^https?:\/\/[^/\s]+$/.test(o) || /^[a-z][\w+.-]*:\/\/[^/\s]+$/.test(o)),
      {
        message: 'must be a comma-separated list of origins such as https://admin.example.com',
      },
    ),
  RATE_LIMIT_LOGIN: int(10, 1, 100000),
  RATE_LIMIT_CONTACT: int(5, 0, 100000),
  RATE_LIMIT_AI: int(5, 0, 100000),
  RATE_LIMIT_LOGIN_IP: int(100, 1, 1000000),
  RATE_LIMIT_REGISTER: int(10, 0, 100000),
  SESSION_IDLE_HOURS: int(12, 1, 720),
  SESSION_ABSOLUTE_DAYS: int(7, 1, 365),
  AUDIT_RETENTION_DAYS: int(365, 1, 3650),
  PUBLIC_URL: optionalString.refine((v) => v === undefined || isOrigin(v), {
    message: 'must be an origin such as https://www.example.com (no path)',
  }),
  PAGE_CACHE_MB: int(64, 0, 4096),
  ANALYTICS_FLUSH_SECONDS: int(5, 1, 300),
  MEDIA_MAX_BYTES: int(10 * 1024 * 1024, 1024, 1024 * 1024 * 1024),
  MEDIA_MAX_DOCUMENT_BYTES: int(20 * 1024 * 1024, 1024, 1024 * 1024 * 1024),
  MEDIA_MAX_VIDEO_BYTES: int(50 * 1024 * 1024, 1024, 4 * 1024 * 1024 * 1024),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  AZURE_OPENAI_ENDPOINT: optionalUrl(['https:', 'http:']),
  AZURE_OPENAI_API_KEY: optionalString,
  AZURE_OPENAI_DEPLOYMENT: optionalString,
  AZURE_OPENAI_API_VERSION: optionalString,
  OPENAI_BASE_URL: optionalUrl(['https:', 'http:']),
  OPENAI_API_KEY: optionalString,
  OPENAI_MODEL: optionalString,
  SMTP_URL: optionalUrl(['smtp:', 'smtps:']),
  MAIL_FROM: optionalString.refine((v) => v === undefined || parseMailbox(v) !== null, {
    message: 'must be an e-mail address such as Forge Industrial <hello@example.com>',
  }),
  NOTIFY_EMAIL: optionalString
    .transform((v) => (v ? v.split(',').map((a) => a.trim()) : []))
    .refine((list) => list.every((a) => parseMailbox(a) !== null), {
      message: 'must be a comma-separated list of e-mail addresses',
    }),
  AUTO_REPLY: bool(true),
  WEBHOOK_ALLOW_PRIVATE: bool(false),
  ENQUIRY_RETENTION_DAYS: optionalString.refine(
    (v) => v === undefined || (/^\d{1,5}$/.test(v) && Number(v) >= 1),
    { message: 'must be a whole number of days from 1 to 99999' },
  ),
});

export type Env = z.input<typeof EnvSchema>;

/** Every variable the server reads and checks at start (README's configuration table names each). */
export const ENV_VARIABLES = Object.keys(EnvSchema.shape) as (keyof Env)[];

/**
 * A TRUST_PROXY value as Express's `trust proxy` takes it: true or false
 * (`yes` and `no` too, as the other switches), a number of hops, or a
 * comma-separated list of addresses, subnets and the names `loopback`,
 * `linklocal`, `uniquelocal`, which proxy-addr (Express's own reader) must
 * accept; null for anything else, which Express would refuse only when the
 * server is already up and its database migrated.
 */
function parseTrustProxy(value: string | undefined): boolean | number | string | null | undefined {
  if (value === undefined) return undefined;
  if (value === 'true' || value === 'yes') return true;
  if (value === 'false' || value === 'no') return false;
  if (/^\d+$/.test(value)) return Number(value);
  try {
    proxyaddr.compile(value.split(',').map((v) => v.trim()));
    return value;
  } catch {
    return null;
  }
}

export function parseConfig(env: Record<string, string | undefined>) {
  const result = EnvSchema.safeParse(env);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    const name = String(issue.path[0] ?? 'environment');
    throw new ConfigError(`Invalid configuration: ${name} ${issue.message}`);
  }
  const e = result.data;
  requireTogether(e, ['ADMIN_USERNAME', 'ADMIN_PASSWORD']);
  requireTogether(e, ['AZURE_OPENAI_ENDPOINT', 'AZURE_OPENAI_API_KEY', 'AZURE_OPENAI_DEPLOYMENT']);
  requireTogether(e, ['SMTP_URL', 'MAIL_FROM']);
  if (e.NOTIFY_EMAIL.length > 0 && !e.SMTP_URL) {
    throw new ConfigError('Invalid configuration: SMTP_URL is required when NOTIFY_EMAIL is set');
  }
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    sessionSecret: e.SESSION_SECRET,
    admin:
      e.ADMIN_USERNAME && e.ADMIN_PASSWORD
        ? { username: e.ADMIN_USERNAME, password: e.ADMIN_PASSWORD }
        : undefined,
    seedDemo: e.SEED_DEMO,
    allowRegistration: e.ALLOW_REGISTRATION,
    trustProxy: e.TRUST_PROXY,
    publicUrl: e.PUBLIC_URL ? new URL(e.PUBLIC_URL).origin : undefined,
    allowedOrigins: e.ALLOWED_ORIGINS,
    rateLimit: {
      login: e.RATE_LIMIT_LOGIN,
      loginIp: e.RATE_LIMIT_LOGIN_IP,
      register: e.RATE_LIMIT_REGISTER,
      contact: e.RATE_LIMIT_CONTACT,
      ai: e.RATE_LIMIT_AI,
    },
    session: {
      idleMs: e.SESSION_IDLE_HOURS * 3_600_000,
      absoluteMs: e.SESSION_ABSOLUTE_DAYS * 86_400_000,
    },
    auditRetentionDays: e.AUDIT_RETENTION_DAYS,
    /** E-mail (enquiry alerts and auto-replies); undefined when SMTP_URL is unset. */
    mail:
      e.SMTP_URL && e.MAIL_FROM
        ? {
            smtpUrl: e.SMTP_URL,
            from: parseMailbox(e.MAIL_FROM)!,
            notify: e.NOTIFY_EMAIL,
            autoReply: e.AUTO_REPLY,
          }
        : undefined,
    /**
     * The enquiry webhook (its address is a setting): `allowPrivate` lets it
     * reach private, loopback and link-local addresses, and plain HTTP
     * (WEBHOOK_ALLOW_PRIVATE, for a receiver inside the operator's network).
     */
    webhooks: { allowPrivate: e.WEBHOOK_ALLOW_PRIVATE },
    /** Enquiries older than this many days are deleted daily; undefined keeps them. */
    enquiryRetentionDays: e.ENQUIRY_RETENTION_DAYS ? Number(e.ENQUIRY_RETENTION_DAYS) : undefined,
    logLevel: e.LOG_LEVEL,
    pageCacheBytes: e.PAGE_CACHE_MB * 1024 * 1024,
    /** How often each server writes the page views it counted (at most this much is lost in a crash). */
    analyticsFlushMs: e.ANALYTICS_FLUSH_SECONDS * 1000,
    /**
     * Uploads: the largest image, PDF document and video accepted; stored under
     * DATA_DIR/media, or in PostgreSQL.
     */
    media: {
      maxBytes: e.MEDIA_MAX_BYTES,
      maxDocumentBytes: e.MEDIA_MAX_DOCUMENT_BYTES,
      maxVideoBytes: e.MEDIA_MAX_VIDEO_BYTES,
      storage: e.DATABASE_URL ? ('database' as const) : ('files' as const),
    },
    llm: {
      azure:
        e.AZURE_OPENAI_ENDPOINT && e.AZURE_OPENAI_API_KEY && e.AZURE_OPENAI_DEPLOYMENT
          ? {
              endpoint: e.AZURE_OPENAI_ENDPOINT,
              apiKey: e.AZURE_OPENAI_API_KEY,
              deployment: e.AZURE_OPENAI_DEPLOYMENT,
              apiVersion: e.AZURE_OPENAI_API_VERSION ?? '2024-10-21',
            }
          : undefined,
      // OPENAI_API_KEY alone means OpenAI itself; OPENAI_BASE_URL points at any compatible server.
      openai:
        e.OPENAI_BASE_URL || e.OPENAI_API_KEY
          ? {
              baseURL: e.OPENAI_BASE_URL ?? 'https://api.openai.com/v1',
              apiKey: e.OPENAI_API_KEY ?? 'not-needed',
              model: e.OPENAI_MODEL ?? 'gpt-4o-mini',
            }
          : undefined,
    },
  };
}

/** Variables that only make sense as a set: one given without the others is a mistake, not a default. */
function requireTogether(values: Record<string, unknown>, names: string[]): void {
  const given = names.filter((name) => values[name] !== undefined);
  if (given.length === 0 || given.length === names.length) return;
  const missing = names.find((name) => values[name] === undefined)!;
  throw new ConfigError(`Invalid configuration: ${missing} is required when ${given[0]} is set`);
}

export type Config = ReturnType<typeof parseConfig>;

export class ConfigError extends Error {
  override name = 'ConfigError';
}
