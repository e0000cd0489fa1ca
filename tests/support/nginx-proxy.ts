import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { findNginx } from '../../bench/nginx';

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

/** nginx on 127.0.0.1:`listen` proxying to the instances on `ports`; stopped by the PID it wrote. */
export async function startProxy(binary: string, ports: number[], listen: number) {
  const dir = mkdtempSync(path.join(tmpdir(), 'nginx-proxy-'));
  mkdirSync(path.join(dir, 'tmp'));
  const pidFile = path.join(dir, 'nginx.pid');
  const conf = path.join(dir, 'nginx.conf');
  writeFileSync(
    conf,
    [
      // As root the workers would run as nobody, which cannot reach the temp dir.
      ...(process.getuid?.() === 0 ? ['user root;'] : []),
      'worker_processes 1;',
      'daemon on;',
      `pid ${pidFile};`,
      `error_log ${path.join(dir, 'error.log')} warn;`,
      'events { worker_connections 512; }',
      'http {',
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
        (t) => `  ${t}_temp_path ${path.join(dir, 'tmp')};`,
      ),
      proxyConfig(ports, listen, dir),
      '}',
      '',
    ].join('\n'),
  );
  await new Promise<void>((resolve, reject) => {
    const child = spawn(binary, ['-c', conf, '-p', dir], { stdio: 'inherit' });
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`nginx exited ${code}`)),
    );
  });
  return {
    url: `http://127.0.0.1:${listen}`,
    errorLog: () => readFileSync(path.join(dir, 'error.log'), 'utf8'),
    async stop() {
      const pid = Number(readFileSync(pidFile, 'utf8').trim());
      process.kill(pid, 'SIGQUIT');
      for (let i = 0; i < 50 && existsSync(pidFile); i++) {
        await new Promise((r) => setTimeout(r, 100));
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** nginx as docs/deploy.md configures it, read from the guide itself (see bench/documented-proxy.ts). */
export { startDocumentedProxy } from '../../bench/documented-proxy';
