import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { NODE_MINIMUM, nodeTooOld } from './node-version.mjs';

describe('nodeTooOld', () => {
  it("reads the minimum from package.json's engines", () => {
    expect(NODE_MINIMUM).toBe('22.12');
  });

  it('lets the minimum and anything newer through', () => {
    for (const version of ['22.12.0', '22.12.1', '22.13.0', '23.0.0', '24.21.0', '100.0.0'])
      expect(nodeTooOld(version), version).toBeNull();
  });

  it('stops an older Node with the way out', () => {
    for (const version of ['22.11.9', '22.0.0', '20.20.2', '18.19.0']) {
      const said = nodeTooOld(version);
      expect(said, version).toContain(`Node.js 22.12 or newer, and this is ${version}`);
      expect(said).toContain('. scripts/use-node.sh');
    }
  });
});

// The machines this project is built on ship Node 20 as /usr/bin/node (CI puts Node 24 first on PATH).
const systemNode = '/usr/bin/node';
const systemVersion = existsSync(systemNode)
  ? execFileSync(systemNode, ['-p', 'process.versions.node'], { encoding: 'utf8' }).trim()
  : null;

describe('npm start on an older Node', () => {
  it.skipIf(systemVersion === null || nodeTooOld(systemVersion) === null)(
    'says so in one line and builds nothing',
    () => {
      const result = spawnSync(
        systemNode,
        [path.join(import.meta.dirname, 'ensure-build.mjs'), '--check'],
        { encoding: 'utf8' },
      );
      expect(result.status).toBe(1);
      expect(result.stderr.trim()).toBe(nodeTooOld(systemVersion!));
    },
  );
});
