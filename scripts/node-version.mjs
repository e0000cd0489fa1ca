// The Node.js the project needs (package.json "engines"), checked before `npm start` and the other
// commands build or run anything: an older Node would otherwise get as far as the server's first
// call into an API it lacks (module.enableCompileCache) and stop there with a stack trace.
import { readFileSync } from 'node:fs';

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
/** `22.12` of `>=22.12`. */
export const NODE_MINIMUM = String(pkg.engines.node).replace(/^>=\s*/, '');

const parts = (version) => version.split('.').map((part) => Number.parseInt(part, 10) || 0);

/** Null when `version` is new enough, else what to tell the person who started the command. */
export function nodeTooOld(version = process.versions.node, minimum = NODE_MINIMUM) {
  const have = parts(version);
  const need = parts(minimum);
  for (let i = 0; i < 3; i++) {
    if ((have[i] ?? 0) > (need[i] ?? 0)) return null;
    if ((have[i] ?? 0) < (need[i] ?? 0)) {
      return (
        `This needs Node.js ${minimum} or newer, and this is ${version}. ` +
        'Run `. scripts/use-node.sh` in this shell first: it puts the pinned Node 24 LTS from the ' +
        'npm registry on PATH (then `npm ci` again, so sqlite3 is built for it).'
      );
    }
  }
  return null;
}
