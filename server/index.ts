import './threadpool';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import dotenv from 'dotenv';
import { createApp, type AppHandler } from './app';
import { prepareContent } from './bootstrap';
import { dummyHash } from './features/auth/password';
import { ConfigError, parseConfig, type Config } from './config';
import { createContentVersion, type ContentVersion } from './content-version';
import { broadcastContentVersion } from './db/content-broadcast';
import { createEnquiryMailEnds } from './features/contacts/enquiry-mail-ends';
import { createRetentionJob } from './features/contacts/retention';
import { createAuditService } from './features/audit/audit.service';
import { createMailService } from './features/mail/mail.service';
import { createMailWorker, logMailSetup } from './features/mail/mail.worker';
import { createOutboxSignal } from './features/mail/outbox-signal';
import { createSettingsService } from './features/settings/settings.service';
import { createWebhookTransport } from './features/mail/webhook-transport';
import { createPublicationScheduler } from './features/news/publication-scheduler';
import { receivedUploadsDir, removeStaleUploads } from './features/media/upload';
import { attachSocketLane, connectionOf } from './http/socket-lane';
import { createIdleCollector } from './idle-collector';
import type { LogDestination } from './log-destination';
import { bufferedStdout, createLogger, type Logger } from './logger';
import { openRuntime, type Runtime } from './runtime';
import { loadRenderer } from './site/render';
import { LOG_DRAIN_MS, SHUTDOWN_GRACE_MS } from './shutdown-timing';

/** How long after the start the dummy password hash is made. */
const DUMMY_HASH_DELAY_MS = 1_000;

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
    server.listen(config.port, config.host, LISTEN_BACKLOG, () => resolve());
  });
}

type Background = { stop(): Promise<void> };

/** Connections the kernel keeps waiting to be accepted (Node's default, given explicitly). */
const LISTEN_BACKLOG = 511;

/**
 * Calls `then` once no connection waits to be accepted and what the last
 * accepted ones sent has been read. libuv accepts one waiting connection per
 * turn of the event loop and reads a new connection from the turn after, so
 * this waits for a whole turn that accepted nothing (and reads, at the same
 * time, the connections of the turn before). The backlog holds at most
 * LISTEN_BACKLOG, so that many turns have accepted everything that waited
 * when it was called, even while new connections keep arriving.
 */
function afterBacklog(accepted: () => number, then: () => void): void {
  let seen = -1;
  let turns = 0;
  const turn = () => {
    const now = accepted();
    if (now === seen || turns++ > LISTEN_BACKLOG) return then();
    seen = now;
    setImmediate(turn);
  };
  setImmediate(turn);
}

/**
 * Serves `app`, and on SIGTERM/SIGINT stops like an instance behind a load
 * balancer should: stop accepting, close idle kept-alive connections at
 * once, answer what is in flight (and anything that still arrives on a busy
 * connection) with `Connection: close`, then stop the background jobs, close
 * the stores and exit 0. Connections still open after 10 s are cut; the
 * whole stop takes STOP_WORST_CASE_MS at most (shutdown-timing.ts).
 *
 * Cached pages and built files are sent by the socket lane
 * (attachSocketLane), which lends Node the other requests; while stopping,
 * the lane hands every request to Node, so it too gets `Connection: close`.
 *
 * A connection counts as idle only when every response on it has finished
 * (handed to the OS): Node's own `closeIdleConnections` also destroys one
 * whose last response has ended but is still being written, cutting a page
 * in half, so this server uses its own.
 *
 * Every request the kernel had received when the signal came is answered,
 * so the server stops listening only once its backlog is empty (see
 * afterBacklog). Closing the listener at once reset the connections still
 * waiting to be accepted, and took those accepted but not yet read for
 * idle: 22 of 50 requests sent 0.1 s before a SIGTERM to a busy server.
 */
function serve(app: AppHandler) {
  let stopping = false;
  const pending = new Map<Socket, number>();
  const inFlight = new Set<ServerResponse>();
  const server = createServer((req, res) => {
    // The connection itself, not the stream the socket lane hands Node for it.
    const socket = connectionOf(req.socket);
    pending.set(socket, (pending.get(socket) ?? 0) + 1);
    inFlight.add(res);
    res.once('close', () => {
      inFlight.delete(res);
      pending.set(socket, (pending.get(socket) ?? 1) - 1);
      if (stopping) closeIfIdle(socket);
    });
    if (stopping) res.setHeader('Connection', 'close');
    app(req, res);
  });
  // Cached pages go out on the socket before Node's HTTP handling takes a connection.
  attachSocketLane(server, { answer: app.answerOnSocket, stopping: () => stopping });
  let accepted = 0;
  server.on('connection', (socket: Socket) => {
    accepted += 1;
    pending.set(socket, 0);
    socket.once('close', () => pending.delete(socket));
  });
  const closeIfIdle = (socket: Socket) => {
    if (pending.get(socket)) return;
    // A page the socket lane sent may still be on its way: let it finish, then close.
    if (socket.writableLength > 0) {
      socket.once('finish', () => socket.destroy());
      socket.end();
    } else {
      socket.destroy();
    }
  };
  // `server.close()` calls this too.
  server.closeIdleConnections = () => pending.forEach((_n, socket) => closeIfIdle(socket));

  function stopOnSignal(
    runtime: Runtime,
    background: Background[],
    logger: Logger,
    log: LogDestination,
  ): void {
    const stop = (signal: string) => {
      if (stopping) return;
      stopping = true;
      logger.info({ signal, inFlight: inFlight.size }, 'shutting down');
      for (const res of inFlight) if (!res.headersSent) res.setHeader('Connection', 'close');
      const force = setTimeout(() => {
        server.closeAllConnections();
        for (const socket of pending.keys()) socket.destroy();
      }, SHUTDOWN_GRACE_MS).unref();
      afterBacklog(
        () => accepted,
        () =>
          server.close(async () => {
            clearTimeout(force);
            logger.info('connections closed');
            await Promise.allSettled(background.map((job) => job.stop()));
            await runtime.close();
            logger.info('stopped');
            await log.drain(LOG_DRAIN_MS);
            process.exit(0);
          }),
      );
    };
    process.on('SIGTERM', () => stop('SIGTERM'));
    process.on('SIGINT', () => stop('SIGINT'));
  }
  return { server, stopOnSignal };
}

/**
 * The scheduler of timed publications, the outbox's worker (e-mail when
 * SMTP_URL is set, and the enquiry webhook's calls), the retention job
 * (spam past its setting; all enquiries with ENQUIRY_RETENTION_DAYS) and
 * the collector that gives memory back after a burst (idle-collector.ts).
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
  const settings = createSettingsService({ db: runtime.db });
  jobs.push(
    createMailWorker({
      db: runtime.db,
      mail: config.mail,
      logger: logger.child({ feature: 'mail' }),
      signal,
      // A reply refused for good waits for a reply again; a reminder cancelled
      // for its owner goes to whoever has the enquiry now.
      enquiryMailEnded: createEnquiryMailEnds(runtime.db).ended,
      webhooks: {
        transport: createWebhookTransport({ allowPrivate: config.webhooks.allowPrivate }),
        setting: async () => {
          const now = await settings.current();
          return { url: now.webhook_url, secret: now.webhook_secret };
        },
      },
    }),
  );
  const retentionLogger = logger.child({ feature: 'retention' });
  jobs.push(
    createRetentionJob({
      db: runtime.db,
      days: config.enquiryRetentionDays,
      spamDays: () => settings.value('spam_retention_days'),
      mail: createMailService({ db: runtime.db, config }),
      logger: retentionLogger,
      audit: createAuditService({
        db: runtime.db,
        logger: retentionLogger,
        retentionDays: config.auditRetentionDays,
      }),
    }),
  );
  jobs.push(createIdleCollector({ logger: logger.child({ feature: 'memory' }) }));
  for (const job of jobs) job.start();
  return jobs;
}

async function main(): Promise<void> {
  const config = loadConfig();
  const log = bufferedStdout();
  const logger = createLogger(config, log);
  const opening = openRuntime(config, logger, (db) => prepareContent(config, db, logger));
  // The page renderer loads while the database opens, so the first page does not wait for it.
  void loadRenderer().catch(() => undefined);
  const runtime = await opening;
  // Uploads cut off by the last stop (a kill, a crash) would stay on the disk forever; those
  // other instances sharing DATA_DIR are receiving are left alone (removeStaleUploads).
  try {
    const files = await removeStaleUploads(receivedUploadsDir(config.dataDir));
    if (files > 0) logger.info({ files }, 'unfinished uploads of an earlier run removed');
  } catch (err) {
    logger.warn({ err }, 'unfinished uploads of an earlier run could not be removed');
  }
  const contentVersion = createContentVersion();
  // Several instances on one PostgreSQL: a write on any of them empties every page cache.
  const broadcast = config.databaseUrl
    ? await broadcastContentVersion({
        url: config.databaseUrl,
        db: runtime.db,
        version: contentVersion,
        logger: logger.child({ feature: 'content-version' }),
      })
    : undefined;
  const outboxSignal = createOutboxSignal();
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
  const { server, stopOnSignal } = serve(app);
  await listen(server, config);
  // The hash an unknown username is checked against, made before the first
  // sign-in needs it, but after the start: its helper process would compete
  // with the first pages for the CPU.
  setTimeout(() => void dummyHash().catch(() => undefined), DUMMY_HASH_DELAY_MS).unref();
  const background = startBackground(config, runtime, outboxSignal, contentVersion, logger);
  const jobs = [...background, ...app.background, ...(broadcast ? [broadcast] : [])];
  stopOnSignal(runtime, jobs, logger, log);
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
