/**
 * SIGTERM with requests already received (issue 30, item 6). Each round
 * sends 50 complete requests on 50 connections (enquiries, a cached page the
 * socket lane answers, an API read), then stops the server: in even rounds
 * 0.1 s after the last byte went out, as a load balancer's drain would; in
 * odd rounds while the server is paused (SIGSTOP), so every connection still
 * waits in the listen backlog with its request when the signal arrives.
 * Every request must be answered, none reset; kept-alive idle connections
 * are closed at once; the server exits 0; every enquiry answered 201 is
 * stored.
 */
import path from 'node:path';
import knex from 'knex';
import { freePort, startServer } from '../../bench/server-process';
import { pause } from '../support/pause';
import { idleConnection, mixedRequest, rawExchange } from '../support/raw-http';

type Check = (ok: boolean, what: string) => void;

const ROUNDS = 10;
const REQUESTS = 50;
const IDLE = 3;

export async function stopWithRequests(dataDir: string, check: Check): Promise<void> {
  const env = { DATA_DIR: dataDir, SEED_DEMO: 'true', RATE_LIMIT_CONTACT: '0' };
  let answered = 0;
  let unanswered = 0;
  let created = 0;
  let slowIdle = 0;
  const exits: (number | null)[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const port = await freePort();
    const server = await startServer(env, port);
    const exited = new Promise<number | null>((resolve) => server.once('exit', resolve));
    // The page is rendered once, so later requests for it are the socket lane's.
    await (await fetch(`http://127.0.0.1:${port}/`)).arrayBuffer();
    const idle = await Promise.all(Array.from({ length: IDLE }, () => idleConnection(port)));
    const paused = round % 2 === 1;
    if (paused) await pause(server);
    const exchanges = Array.from({ length: REQUESTS }, (_, i) =>
      rawExchange(port, mixedRequest(port, i, `r${round}`)),
    );
    await Promise.all(exchanges.map((e) => e.sent));
    if (!paused) await new Promise((resolve) => setTimeout(resolve, 100));
    const signalled = Date.now();
    server.kill('SIGTERM');
    if (paused) server.kill('SIGCONT');
    const outcomes = await Promise.all(exchanges.map((e) => e.outcome));
    const closedAt = await Promise.all(idle.map((c) => c.closed));
    exits.push(await exited);
    for (const [i, o] of outcomes.entries()) {
      if (o.status > 0 && !o.reset) answered += 1;
      else unanswered += 1;
      if (i % 3 === 0 && o.status === 201) created += 1;
    }
    slowIdle += closedAt.filter((at) => at - signalled > 2_500).length;
    const lost = outcomes.filter((o) => o.status === 0 || o.reset).length;
    console.log(`  round ${round} (${paused ? 'paused' : '0.1 s'}): ${lost} of ${REQUESTS} lost`);
  }
  console.log(`  ${answered} answered, ${unanswered} reset or unanswered in ${ROUNDS} rounds`);
  check(unanswered === 0, `every request received before SIGTERM is answered (${unanswered} not)`);
  check(slowIdle === 0, `kept-alive idle connections are closed at once (${slowIdle} late)`);
  check(
    exits.every((code) => code === 0),
    'the server exits 0 after every stop',
  );
  const db = knex({
    client: 'sqlite3',
    connection: { filename: path.join(dataDir, 'site.db') },
    useNullAsDefault: true,
  });
  try {
    const rows = (await db('contacts')
      .where('message', 'like', 'Sent before the stop%')
      .count({ n: '*' })) as { n: number }[];
    check(
      Number(rows[0]?.n) === created,
      `every enquiry answered 201 is stored (${created} answered, ${rows[0]?.n} stored)`,
    );
  } finally {
    await db.destroy();
  }
}
