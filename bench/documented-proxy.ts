import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { startNginxDaemon } from '../tests/support/nginx';

/** Where the guide's nginx names the install (its `root`), replaced by this checkout. */
const INSTALL = '/opt/forge-site';
/** Where the guide's nginx writes its logs, replaced by the proxy's own folder. */
const LOGS = '/var/log/nginx/';
/** The files of the proxy's folder that are access logs (what `accessLog` reads). */
const ACCESS_LOG = /access\.log$/;

/** The text from `{` at `open` to its matching `}`, braces included. */
function block(text: string, open: number): string {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === '{') depth++;
    else if (text[i] === '}' && --depth === 0) return text.slice(open, i + 1);
  }
  throw new Error('docs/deploy.md: an nginx block does not close');
}

/**
 * The front proxy exactly as docs/deploy.md configures it, read from the
 * guide's own nginx block: what it puts before its upstream (the access
 * log's `map` and `log_format`), its upstream's settings (the instances
 * replaced by one server at `upstreamPort`), and its TLS server's
 * `access_log` and every `location`, served here over plain HTTP on
 * `listenPort` (the bench measures nginx's proxying, not TLS), with the
 * install's path replaced by `installRoot` (this checkout) and the logs'
 * folder by `logDir`. A guide that names no `access_log` gets Debian's
 * default, nginx's `combined` format, as a server would.
 */
export function documentedProxyConfig(options: {
  guide: string;
  upstreamPort: number;
  listenPort: number;
  installRoot: string;
  logDir: string;
}): string {
  const fence = /```nginx\n([\s\S]*?)```/.exec(options.guide);
  if (!fence) throw new Error('docs/deploy.md has no nginx block');
  const nginx = fence[1]!;
  const upstreamAt = nginx.indexOf('upstream forge_site');
  if (upstreamAt === -1) throw new Error('docs/deploy.md: no upstream forge_site');
  const preamble = nginx.slice(0, upstreamAt);
  const upstream = block(nginx, nginx.indexOf('{', upstreamAt))
    .split('\n')
    .filter((line) => !/^\s*server\s/.test(line))
    .join('\n')
    .replace('{', `{\n    server 127.0.0.1:${options.upstreamPort};`);
  const tlsAt = nginx.search(/listen 443/);
  const serverAt = nginx.lastIndexOf('server {', tlsAt);
  const server = block(nginx, nginx.indexOf('{', serverAt));
  const locations = server
    .slice(server.indexOf('location'), server.lastIndexOf('}'))
    .replaceAll(INSTALL, options.installRoot);
  const logs = server.split('\n').filter((line) => /^\s*access_log\s/.test(line));
  const accessLog = logs.length > 0 ? logs : [`access_log ${LOGS}access.log combined;`];
  return [
    preamble.trim(),
    `upstream forge_site ${upstream}`,
    'server {',
    `    listen 127.0.0.1:${options.listenPort};`,
    ...accessLog.map((line) => `    ${line.trim()}`),
    `    ${locations.trim()}`,
    '}',
  ]
    .join('\n')
    .replaceAll(LOGS, `${options.logDir}/`);
}

/** That proxy, in front of `upstreamPort`, run from `dir`. */
export async function startDocumentedProxy(
  binary: string,
  options: { dir: string; upstreamPort: number; listenPort: number; installRoot: string },
): Promise<{
  url: string;
  /** What nginx has written to its access log(s) so far (a buffered log, within its `flush`). */
  accessLog(): string;
  stop(): Promise<void>;
}> {
  const guide = readFileSync(path.join(options.installRoot, 'docs', 'deploy.md'), 'utf8');
  const nginx = await startNginxDaemon(binary, {
    dir: options.dir,
    workers: 'auto',
    connections: 1024,
    http: [
      '  include /etc/nginx/mime.types;',
      '  sendfile on; tcp_nopush on; keepalive_requests 100000;',
      documentedProxyConfig({ ...options, guide, logDir: options.dir }),
    ],
  });
  return {
    url: `http://127.0.0.1:${options.listenPort}`,
    accessLog: () =>
      readdirSync(options.dir)
        .filter((name) => ACCESS_LOG.test(name))
        .map((name) => readFileSync(path.join(options.dir, name), 'utf8'))
        .join(''),
    stop: nginx.stop,
  };
}
