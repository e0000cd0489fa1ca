import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { dataDirError, storeName } from './site-store';

describe('storeName', () => {
  it('names the SQLite file, or the PostgreSQL address without its password', () => {
    expect(storeName({ dataDir: '/var/lib/forge-site', databaseUrl: undefined })).toBe(
      `sqlite: ${path.join('/var/lib/forge-site', 'site.db')}`,
    );
    expect(
      storeName({
        dataDir: '/var/lib/forge',
        databaseUrl:
          'postgres://forge:s3cret@db.internal:5432/forge?password=other&sslmode=require',
      }),
    ).toBe('postgres: postgres://forge@db.internal:5432/forge?sslmode=require');
  });
});

describe('dataDirError', () => {
  /** An error as Node's fs throws it. */
  const fsError = (code: string, syscall: string, at: string) =>
    Object.assign(new Error(`${code}: failed, ${syscall} '${at}'`), { code, syscall, path: at });

  it('turns DATA_DIR that cannot be made, before the unit’s first start, into the way out', () => {
    // The forge user may not make /var/lib/forge-site: systemd makes it at the first start.
    const refused = dataDirError(
      fsError('EACCES', 'mkdir', '/var/lib/forge-site'),
      '/var/lib/forge-site',
      65534,
    );
    expect(refused).toBeInstanceOf(Error);
    expect((refused as Error).message).toBe(
      "DATA_DIR /var/lib/forge-site cannot be made or opened (EACCES: failed, mkdir '/var/lib/" +
        "forge-site'). On a production install systemd makes it for the site's user when the " +
        'unit first starts (StateDirectory=): start the site once first (systemctl start ' +
        'forge-site, or forge-site@<port>), then run this command again; or make it for ' +
        'nobody first: sudo install -d -o nobody -m 0700 /var/lib/forge-site',
    );
    // A folder above it that is not there (a disk not mounted) is the same.
    const above = dataDirError(fsError('ENOENT', 'mkdir', '/srv/disk'), '/srv/disk/forge', 0);
    expect((above as Error).message).toMatch(
      /^DATA_DIR \/srv\/disk\/forge cannot be made .* sudo install -d -o <the site's user> /,
    );
  });

  it('leaves every other error as it is', () => {
    const inside = fsError('EACCES', 'open', '/var/lib/forge-site/site.db');
    expect(dataDirError(inside, '/var/lib/forge-site', 1000)).toBe(inside);
    const elsewhere = fsError('ENOENT', 'mkdir', '/var/lib/forge-site-old');
    expect(dataDirError(elsewhere, '/var/lib/forge-site', 1000)).toBe(elsewhere);
    const full = fsError('ENOSPC', 'mkdir', '/var/lib/forge-site');
    expect(dataDirError(full, '/var/lib/forge-site', 1000)).toBe(full);
    const other = new Error('This username is already taken');
    expect(dataDirError(other, '/var/lib/forge-site', 1000)).toBe(other);
  });
});
