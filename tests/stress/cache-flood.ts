/**
 * A flood of addresses the page cache never keeps, against the real built
 * server (SQLite, the demo content, PUBLIC_URL unset so hosts count too):
 * pages past the last, unknown languages (as `?lang=`, a cookie and an
 * address prefix), random hosts, random 404 paths, API pages past the
 * last, files missing from the uploads' folders and contact forms posted
 * from foreign sites (refused, each a page rendered), each request
 * another one. Measured in alternating rounds (the
 * machine is shared): a real page loaded alone, then the same load while the
 * flood runs; the median of the rounds' own ratios must stay at or above
 * one half, and enquiries posted during the flood must each be answered
 * within a second.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { median } from '../../bench/rounds';
import { freePort, startServer, stop } from '../../bench/server-process';
import { hasWrk, wrk } from '../../bench/wrk';

const ROUNDS = 5;
const SECONDS = 4;
const PAGE_CONNECTIONS = 32;
const FLOOD_CONNECTIONS = 8;
const MIN_RATIO = 0.5;
const ENQUIRY_LIMIT_MS = 1000;
const ACCEPT = { 'Accept-Encoding': 'br, gzip' };

/** wrk's Lua: every request another address nothing is kept for. */
const FLOOD_SCRIPT = `
local n = 0
local function word() return string.format("%x", math.random(0, 2147483647)) end
function init() math.randomseed(os.time() + math.random(1, 1000000)) end
request = function()
  n = n + 1
  local kind = n % 8
  if kind == 0 then
    return wrk.format("GET", "/news?page=" .. math.random(1000, 999999999))
  elseif kind == 1 then
    return wrk.format("GET", "/api/news?page=" .. math.random(1000, 999999999))
  elseif kind == 2 then
    return wrk.format("GET", "/" .. string.sub(word(), 1, 2) .. "/news?lang=" .. word(),
      { Cookie = "language=" .. word() })
  elseif kind == 3 then
    return wrk.format("GET", "/news", { Host = word() .. ".example" })
  elseif kind == 4 then
    return wrk.format("GET", "/media/" .. math.random(1, 99999) .. "/" .. word() .. ".jpg")
  elseif kind == 5 then
    return wrk.format("POST", "/contact",
      { ["Content-Type"] = "application/x-www-form-urlencoded",
        Origin = "https://" .. word() .. ".example" },
      "name=Flood&email=" .. word() .. "%40example.com&message=" .. word())
  else
    return wrk.format("GET", "/no-such-page-" .. word() .. "-" .. n)
  end
end
`;

export async function cacheFlood(
  dataDir: string,
  check: (ok: boolean, what: string) => void,
): Promise<void> {
  if (!(await hasWrk())) return check(false, 'wrk is installed (the flood needs it)');
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = await startServer(
    { DATA_DIR: dataDir, SEED_DEMO: 'true', RATE_LIMIT_CONTACT: '0' },
    port,
  );
  const script = path.join(dataDir, 'flood.lua');
  writeFileSync(script, FLOOD_SCRIPT);
  try {
    // The real page, kept and compressed hard before the rounds.
    for (let i = 0; i < 40; i++) await (await fetch(`${base}/news`, { headers: ACCEPT })).text();
    const page = () =>
      wrk({
        url: `${base}/news`,
        seconds: SECONDS,
        connections: PAGE_CONNECTIONS,
        headers: ACCEPT,
        scratchDir: dataDir,
      });
    const ratios: number[] = [];
    const enquiries: number[] = [];
    let flooded = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const alone = await page();
      const flood = wrk({
        url: `${base}/`,
        seconds: SECONDS + 2,
        connections: FLOOD_CONNECTIONS,
        headers: ACCEPT,
        script,
        scratchDir: dataDir,
      });
      await new Promise((r) => setTimeout(r, 500));
      const [during, asked] = await Promise.all([page(), enquire(base, SECONDS * 1000)]);
      flooded += (await flood).requests;
      enquiries.push(...asked);
      ratios.push(during.rps / alone.rps);
      console.log(
        `  round ${round + 1}: /news alone ${Math.round(alone.rps)} req/s, ` +
          `during the flood ${Math.round(during.rps)} (${(during.rps / alone.rps).toFixed(2)}x); ` +
          `enquiries ${asked.map((ms) => Math.round(ms)).join(', ')} ms`,
      );
    }
    const ratio = median(ratios);
    const slowest = Math.max(...enquiries);
    console.log(`  ${flooded} flood requests answered in all`);
    check(
      ratio >= MIN_RATIO,
      `a cached page keeps ${ratio.toFixed(2)}x its throughput under the flood (target ≥ ${MIN_RATIO}; rounds ${ratios.map((r) => r.toFixed(2)).join(' ')})`,
    );
    check(
      enquiries.length > 0 && slowest < ENQUIRY_LIMIT_MS,
      `every enquiry during the flood answered in under ${ENQUIRY_LIMIT_MS} ms (slowest ${Math.round(slowest)} ms of ${enquiries.length})`,
    );
  } finally {
    await stop(server);
  }
}

/** Enquiries one after another for `ms`: how long each took (each must be stored: 201). */
async function enquire(base: string, ms: number): Promise<number[]> {
  const times: number[] = [];
  const until = Date.now() + ms;
  while (Date.now() < until) {
    const started = performance.now();
    const res = await fetch(`${base}/api/contacts`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        name: 'Flood Test',
        email: 'flood@example.com',
        message: 'We would like a quote for an inspection cell, please call us back.',
      }),
    });
    await res.arrayBuffer();
    times.push(res.status === 201 ? performance.now() - started : Number.POSITIVE_INFINITY);
    await new Promise((r) => setTimeout(r, 250));
  }
  return times;
}
