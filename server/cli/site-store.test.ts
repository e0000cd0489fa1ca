import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { storeName } from './site-store';

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
