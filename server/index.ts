import './threadpool';
import { createServer, type Server } from 'node:http';
import dotenv from 'dotenv';
import { createApp } from './app';
import { prepareContent } from './bootstrap';
import { dummyHash } from './features/auth/password';
import { ConfigError, parseConfig, type Config } from './config';
import { createContentVersion, type ContentVersion } from './content-version';
import { createRetentionJob } from './features/contacts/retention';
import { createMailWorker, logMailSetup } from './features/mail/mail.worker';
import { createOutboxSignal } from './features/mail/outbox-signal';
import { createPublicationScheduler } from './features/news/publication-scheduler';
import { bufferedStdout, createLogger, type Logger } from './logger';
import { openRuntime, type Runtime } from './runtime';
import { loadRenderer } from './site/render';

const SHUTDOWN_GRACE_MS = 10_000;

/** Reads `.env` (real environment variables win) and validates it, or exits with one line. */
function loadConfig(): Config {
  dotenv.config({ quiet: true });
  try {
    const config = parseConfig(process.env);
    // The default environment is production: say so to the libraries that read
    // it themselves (React renders with its production build, Express hides
    // error details), before any of them loads.
    process.env.NODE_ENV = config.env;
    return config;
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}

function listen(server: Server, config: Config): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => resolve());
  });
}

type Background = { stop(): Promise<void> };

/** Stop accepting, let in-flight requests finish, stop the background jobs, close the stores, exit 0. */
function handleShutdown(
  server: Server,
  runtime: Runtime,
  background: Background[],
  logger: Logger,
): void {
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    const force = setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS).unref();
    server.close(async () => {
      clearTimeout(force);
      await Promise.allSettled(background.map((job) => job.stop()));
      await runtime.close();
      logger.info('stopped');
      process.exit(0);
    });
    server.closeIdleConnections();
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

/**
 * The scheduler of timed publications, the e-mail worker (when SMTP_URL is
 * set) and the retention job (when configured).
 */
function startBackground(
  config: Config,
  runtime: Runtime,
  signal: ReturnType<typeof createOutboxSignal>,
  version: ContentVersion,
  logger: Logger,
): Background[] {
  const jobs: (Background & { start(): void })[] = [
    createPublicationScheduler({
      db: runtime.db,
      version,
      logger: logger.child({ feature: 'scheduling' }),
    }),
  ];
  logMailSetup(config, logger.child({ feature: 'mail' }));
  if (config.mail) {
    const mailLogger = logger.child({ feature: 'mail' });
    jobs.push(createMailWorker({ db: runtime.db, mail: config.mail, logger: mailLogger, signal }));
  }
  if (config.enquiryRetentionDays) {
    const days = config.enquiryRetentionDays;
    jobs.push(
      createRetentionJob({ db: runtime.db, days, logger: logger.child({ feature: 'retention' }) }),
    );
  }
  for (const job of jobs) job.start();
  return jobs;
}

async function main(): Promise<void> {
  const config = loadConfig();
  const log = bufferedStdout();
  const logger = createLogger(config, log);
  // The page renderer loads while the database opens, so the first page does not wait for it.
  void loadRenderer().catch(() => undefined);
  const runtime = await openRuntime(config, logger);
  await prepareContent(config, runtime.db, logger);
  const outboxSignal = createOutboxSignal();
  const contentVersion = createContentVersion();
  const app = createApp({
    config,
    logger,
    db: runtime.db,
    sessionStore: runtime.sessions.store,
    sessionSecret: runtime.sessionSecret,
    background: true,
    outboxSignal,
    contentVersion,
  });
  // The hash an unknown username is checked against, made before the first sign-in needs it.
  void dummyHash().catch(() => undefined);
  const server = createServer(app);
  await listen(server, config);
  const background = startBackground(config, runtime, outboxSignal, contentVersion, logger);
  handleShutdown(server, runtime, background, logger);
  const shown = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  logger.info({ dataDir: config.dataDir, port }, `listening on http://${shown}:${port}`);
  log.flush();
}

main().catch((error: unknown) => {
  console.error(`Failed to start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
