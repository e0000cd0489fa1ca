import { readFileSync } from 'node:fs';
import path from 'node:path';
import { startNginxDaemon } from '../tests/support/nginx';

/** Where the guide's nginx names the install (its `root`), replaced by this checkout. */
const INSTALL = '/opt/forge-site';

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
 * guide's own nginx block: its upstream's settings (the instances replaced
 * by one server at `upstreamPort`) and every `location` of its TLS server,
 * served here over plain HTTP on `listenPort` (the bench measures nginx's
 * proxying, not TLS), with the install's path replaced by `installRoot` (this checkout).
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
  return [
    `upstream forge_site ${upstream}`,
    'server {',
    `    listen 127.0.0.1:${options.listenPort};`,
    `    access_log ${path.join(options.logDir, 'proxy-access.log')} combined buffer=64k flush=1s;`,
    `    ${locations.trim()}`,
    '}',
  ].join('\n');
}

/** That proxy, in front of `upstreamPort`, run from `dir`. */
export async function startDocumentedProxy(
  binary: string,
  options: { dir: string; upstreamPort: number; listenPort: number; installRoot: string },
): Promise<{ url: string; stop(): Promise<void> }> {
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
  return { url: `http://127.0.0.1:${options.listenPort}`, stop: nginx.stop };
}
