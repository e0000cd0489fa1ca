import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../server/project-root';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function write(file: string, text: string, mode = 0o644) {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
  chmodSync(file, mode);
}

/**
 * A checkout with the install script and what it runs, and the packages of
 * the release a server is still running from (sharp, which it loads only at
 * the first upload). Its `npm` logs each command and where it ran; `npm ci`
 * empties node_modules first, as npm does, then notes what a running server
 * would find of sharp meanwhile, then installs the new release's packages
 * (sharp, and the build tool vite); `npm prune` drops vite again.
 */
function checkout({ ciFails = false } = {}) {
  const root = mkdtempSync(path.join(tmpdir(), 'install-'));
  dirs.push(root);
  for (const file of ['install.sh', 'use-node.sh', 'replace-folder.mjs']) {
    mkdirSync(path.join(root, 'scripts'), { recursive: true });
    copyFileSync(path.join(PROJECT_ROOT, 'scripts', file), path.join(root, 'scripts', file));
  }
  write(path.join(root, 'scripts/ensure-build.mjs'), '// the build is current\n');
  write(path.join(root, 'package.json'), '{ "name": "site", "version": "2.0.0" }\n');
  write(path.join(root, 'package-lock.json'), '{ "name": "site", "lockfileVersion": 3 }\n');
  write(path.join(root, 'node_modules/sharp/index.js'), 'sharp of the running release');
  const log = path.join(root, 'npm.log');
  write(
    path.join(root, 'bin/npm'),
    [
      '#!/bin/sh',
      `echo "npm $* in $PWD" >> '${log}'`,
      'case "$1" in',
      '  ci)',
      '    rm -rf node_modules',
      `    echo "meanwhile: $(cat '${root}/node_modules/sharp/index.js' 2>&1)" >> '${log}'`,
      '    [ -f package.json ] && [ -f package-lock.json ] || exit 1',
      ...(ciFails ? ['    mkdir -p node_modules/sharp', '    exit 1'] : []),
      '    mkdir -p node_modules/sharp node_modules/vite',
      "    echo 'sharp of the new release' > node_modules/sharp/index.js",
      "    echo 'vite' > node_modules/vite/index.js",
      '    ;;',
      `  run) echo "building with: $(cat node_modules/sharp/index.js)" >> '${log}' ;;`,
      '  prune) rm -rf node_modules/vite ;;',
      'esac',
    ].join('\n'),
    0o755,
  );
  const install = () =>
    spawnSync('bash', [path.join(root, 'scripts/install.sh')], {
      cwd: root,
      // This Node (recent enough: use-node.sh leaves it), after the fake npm.
      env: {
        PATH: `${path.join(root, 'bin')}:${path.dirname(process.execPath)}:/usr/bin:/bin`,
        HOME: root,
      },
      encoding: 'utf8',
    });
  const npmLog = () => readFileSync(log, 'utf8').trim().split('\n');
  return { root, install, npmLog };
}

describe('scripts/install.sh under a running server', () => {
  it('installs the packages apart and swaps them in whole, the build tools then dropped', () => {
    const { root, install, npmLog } = checkout();
    const result = install();
    expect(result.status, result.stderr).toBe(0);
    const staging = path.join(root, 'node_modules.next');
    expect(npmLog()).toEqual([
      `npm ci --include=dev --no-audit --no-fund in ${staging}`,
      // What the running server loads at its first upload is there for the whole `npm ci`.
      'meanwhile: sharp of the running release',
      `npm run build in ${root}`,
      // The build runs on the new packages.
      'building with: sharp of the new release',
      `npm prune --omit=dev --no-audit --no-fund in ${root}`,
    ]);
    expect(readFileSync(path.join(root, 'node_modules/sharp/index.js'), 'utf8')).toBe(
      'sharp of the new release\n',
    );
    expect(existsSync(path.join(root, 'node_modules/vite'))).toBe(false);
    // Neither the staging folder nor the previous packages are left.
    expect(readdirSync(root).filter((name) => name.startsWith('node_modules'))).toEqual([
      'node_modules',
    ]);
  });

  it('leaves the running release’s packages in place when `npm ci` fails', () => {
    const { root, install, npmLog } = checkout({ ciFails: true });
    expect(install().status).not.toBe(0);
    expect(npmLog()).toHaveLength(2);
    expect(readFileSync(path.join(root, 'node_modules/sharp/index.js'), 'utf8')).toBe(
      'sharp of the running release',
    );
    expect(readdirSync(root).filter((name) => name.startsWith('node_modules'))).toEqual([
      'node_modules',
    ]);
  });
});
