import { describe, expect, it } from 'vitest';
import { pgToolConnection } from './pg-tools';

describe('pgToolConnection', () => {
  it('keeps the password off the command line: the address without it, the password in PGPASSWORD', () => {
    const { dbname, env } = pgToolConnection(
      'postgres://forge:s%40cret%2Fpass@db.internal:5432/forge?sslmode=require',
    );
    expect(dbname).toBe('postgres://forge@db.internal:5432/forge?sslmode=require');
    expect(dbname).not.toContain('cret');
    expect(env.PGPASSWORD).toBe('s@cret/pass');
  });

  it('moves a password given as a query parameter too', () => {
    const { dbname, env } = pgToolConnection('postgresql://forge@db/forge?password=hunter2hunter2');
    expect(dbname).toBe('postgresql://forge@db/forge');
    expect(env.PGPASSWORD).toBe('hunter2hunter2');
  });

  it('leaves PGPASSWORD and ~/.pgpass to libpq when the address has no password', () => {
    const { dbname, env } = pgToolConnection('postgres://forge@db/forge');
    expect(dbname).toBe('postgres://forge@db/forge');
    expect(env).toBe(process.env);
  });
});
