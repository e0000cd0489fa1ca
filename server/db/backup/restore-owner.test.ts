import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, signedIn, tempDataDir } from '../../../tests/support/test-app';
import { createBackup } from './create-backup';
import { restoreBackup } from './restore-backup';
import { restoreOwner } from './restore-owner';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
const tempDir = () => {
  const dir = tempDataDir();
  dirs.push(dir);
  return dir;
};

/** Giving files away needs root (as on the server, where the restore runs as root or forge). */
const asRoot = process.getuid?.() === 0;
/** The account the site's data belongs to in these tests: nobody, as forge would on a server. */
const NOBODY = 65534;
const chownAll = (dir: string, uid: number) => {
  expect(spawnSync('chown', ['-R', `${uid}:${uid}`, dir]).status).toBe(0);
};

/** Every path under `dir` (folders with a trailing slash) and its owner's uid. */
function owners(dir: string, under = ''): Record<string, number> {
  const found: Record<string, number> = {};
  for (const entry of readdirSync(path.join(dir, under), { withFileTypes: true })) {
    const name = path.join(under, entry.name);
    const { uid } = statSync(path.join(dir, name));
    if (entry.isDirectory()) Object.assign(found, { [`${name}/`]: uid }, owners(dir, name));
    else found[name] = uid;
  }
  return found;
}

const hash = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');

/** A closed SQLite site with an article and an upload's files, and a backup of it elsewhere. */
async function backedUpSite() {
  const dataDir = tempDir();
  const t = await createTestApp({}, dataDir);
  await (
    await signedIn(t.app)
  )
    .post('/api/news')
    .send({
      title: 'Vision cell ships',
      excerpt: 'The first vision cell left the plant.',
      content: 'It inspects 40 parts a minute.',
      category: 'research',
      published: true,
      slug: 'vision-cell-ships',
    })
    .expect(201);
  await t.close();
  mkdirSync(path.join(dataDir, 'media', '1'), { recursive: true });
  writeFileSync(path.join(dataDir, 'media', '1', 'cell-800.webp'), 'RIFF-webp-bytes');
  const config = { dataDir, databaseUrl: undefined };
  const { dir } = await createBackup(config, tempDir());
  return { dataDir, config, dir };
}

describe('restoreOwner', () => {
  it('has nothing to do for DATA_DIR’s owner, or when there is no DATA_DIR yet', () => {
    const dataDir = tempDir();
    expect(restoreOwner(dataDir, '/srv/backups/b', statSync(dataDir).uid)).toBeNull();
    expect(restoreOwner(path.join(dataDir, 'absent'), '/srv/backups/b', 4242)).toBeNull();
  });

  it.skipIf(!asRoot)('refuses anyone else, naming the owner and the command to run', () => {
    const dataDir = tempDir();
    chownAll(dataDir, NOBODY);
    expect(() => restoreOwner(dataDir, '/srv/backups/b', 4242)).toThrow(
      `${dataDir} belongs to nobody, not to uid 4242 who runs this restore: the server, ` +
        'running as nobody, could not read the files it would write. Run it as nobody, with ' +
        "the site's environment: `sudo -u nobody node --env-file=<the site's environment file> " +
        'dist/server/cli/backup.js restore /srv/backups/b` on a production install (in its ' +
        'folder), `sudo -u nobody npm run restore -- /srv/backups/b` in a checkout. ' +
        'Nothing was changed.',
    );
    // Root is answered with the owner to give the files to.
    expect(restoreOwner(dataDir, '/srv/backups/b', 0)).toEqual({
      uid: NOBODY,
      gid: NOBODY,
      name: 'nobody',
    });
  });
});

describe.skipIf(!asRoot)('a restore run by someone other than DATA_DIR’s owner', () => {
  it('run as root, gives every file it restored to DATA_DIR’s owner and says so', async () => {
    const { dataDir, config, dir } = await backedUpSite();
    rmSync(path.join(dataDir, 'media', '1', 'cell-800.webp'));
    chownAll(dataDir, NOBODY);

    const { owner } = await restoreBackup(config, dir, 0);
    expect(owner).toMatchObject({ uid: NOBODY, name: 'nobody' });
    expect(readFileSync(path.join(dataDir, 'media', '1', 'cell-800.webp'), 'utf8')).toBe(
      'RIFF-webp-bytes',
    );
    // The database, the media and the lock file: all nobody's, none root's.
    const after = owners(dataDir);
    expect(Object.keys(after)).toEqual(
      expect.arrayContaining(['site.db', 'media/', 'media/1/', 'media/1/cell-800.webp']),
    );
    expect(Object.entries(after).filter(([, uid]) => uid !== NOBODY)).toEqual([]);
  });

  it('run as another user, refuses and changes nothing', async () => {
    const { dataDir, config, dir } = await backedUpSite();
    rmSync(path.join(dataDir, 'media', '1', 'cell-800.webp'));
    chownAll(dataDir, NOBODY);
    const before = { site: hash(path.join(dataDir, 'site.db')), owners: owners(dataDir) };

    await expect(restoreBackup(config, dir, 4242)).rejects.toThrow(
      `${dataDir} belongs to nobody, not to uid 4242 who runs this restore`,
    );
    expect({ site: hash(path.join(dataDir, 'site.db')), owners: owners(dataDir) }).toEqual(before);
  });
});
