import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { findNginx, startNginxDaemon } from './nginx';

export { findNginx };

/**
 * The `http` block of the reverse proxy in front of several instances, as
 * docs/deploy.md recommends it: round robin, passive health checks
 * (`max_fails`), a failed connection retried on the next instance
 * (`proxy_next_upstream`: idempotent requests only, nginx's default), and
 * kept-alive upstream connections.
 */
export function proxyConfig(ports: number[], listen: number, dir: string): string {
  return [
    'upstream site {',
    ...ports.map((p) => `  server 127.0.0.1:${p} max_fails=1 fail_timeout=10s;`),
    '  keepalive 16;',
    '}',
    'server {',
    `  listen 127.0.0.1:${listen};`,
    `  access_log ${path.join(dir, 'access.log')};`,
    '  location / {',
    '    proxy_pass http://site;',
    '    proxy_http_version 1.1;',
    '    proxy_set_header Connection "";',
    '    proxy_set_header Host $http_host;',
    '    proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;',
    '    proxy_set_header X-Forwarded-Proto $scheme;',
    '    proxy_next_upstream error timeout;',
    '    proxy_next_upstream_tries 2;',
    '    proxy_connect_timeout 2s;',
    '    add_header X-Upstream $upstream_addr always;',
    '  }',
    '}',
  ].join('\n');
}

/** nginx on 127.0.0.1:`listen` proxying to the instances on `ports`, from a temp dir of its own. */
export async function startProxy(binary: string, ports: number[], listen: number) {
  const dir = mkdtempSync(path.join(tmpdir(), 'nginx-proxy-'));
  const nginx = await startNginxDaemon(binary, {
    dir,
    workers: 1,
    connections: 512,
    http: [proxyConfig(ports, listen, dir)],
  });
  return {
    url: `http://127.0.0.1:${listen}`,
    errorLog: nginx.errorLog,
    async stop() {
      await nginx.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** nginx as docs/deploy.md configures it, read from the guide itself (see bench/documented-proxy.ts). */
export { startDocumentedProxy } from '../../bench/documented-proxy';
