import './threadpool';
import { createServer, type Server } from 'node:http';
import dotenv from 'dotenv';
import { createApp } from './app';
import { prepareContent } from './bootstrap';
import { dummyHash } from './features/auth/password';
import { ConfigError, parseConfig, type Config } from './config';
import { createLogger, type Logger } from './logger';
import { openRuntime, type Runtime } from './runtime';

const SHUTDOWN_GRACE_MS = 10_000;

/** Reads `.env` (real environment variables win) and validates it, or exits with one line. */
function loadConfig(): Config {
  dotenv.config({ quiet: true });
  try {
    return parseConfig(process.env);
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

/** Stop accepting, let in-flight requests finish, close the stores, exit 0. */
function handleShutdown(server: Server, runtime: Runtime, logger: Logger): void {
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    const force = setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS).unref();
    server.close(async () => {
      clearTimeout(force);
      await runtime.close();
      logger.info('stopped');
      process.exit(0);
    });
    server.closeIdleConnections();
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config);
  const runtime = await openRuntime(config, logger);
  await prepareContent(config, runtime.db, logger);
  const app = createApp({
    config,
    logger,
    db: runtime.db,
    sessionStore: runtime.sessions.store,
    sessionSecret: runtime.sessionSecret,
    background: true,
  });
  // The hash an unknown username is checked against, made before the first sign-in needs it.
  void dummyHash().catch(() => undefined);
  const server = createServer(app);
  await listen(server, config);
  handleShutdown(server, runtime, logger);
  const shown = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  logger.info({ dataDir: config.dataDir, port }, `listening on http://${shown}:${port}`);
}

main().catch((error: unknown) => {
  console.error(`Failed to start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
