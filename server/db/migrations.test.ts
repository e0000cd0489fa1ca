import { copyFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../project-root';
import { createTestApp, tempDataDir, type TestApp } from '../../tests/support/test-app';
import { MIGRATIONS } from './migrations';

const apps: TestApp[] = [];
afterEach(async () => {
  for (const t of apps.splice(0)) await t.destroy();
});

describe('migrations', () => {
  it('lists every file of migrations/, in order, under its file name', () => {
    const files = readdirSync(path.join(PROJECT_ROOT, 'migrations'))
      .filter((f) => /^\d{14}_[a-z0-9_]+\.ts$/.test(f))
      .sort();
    expect(MIGRATIONS.map(([name]) => name)).toEqual(files);
  });

  it('carry on a database made by release 0.1.0 (run from tsx), keeping its data', async () => {
    // tests/fixtures/release-0.1.0/site.db: demo articles, a draft, an enquiry and the test admin,
    // written by the 0.1.0 server whose migrations ran from .ts files under tsx.
    const dataDir = tempDataDir();
    copyFileSync(
      path.join(PROJECT_ROOT, 'tests/fixtures/release-0.1.0/site.db'),
      path.join(dataDir, 'site.db'),
    );
    const t = await createTestApp({}, dataDir);
    apps.push(t);
    const names = (await t.db('knex_migrations').orderBy('id').pluck('name')) as string[];
    expect(names.slice(0, 4)).toEqual(MIGRATIONS.slice(0, 4).map(([name]) => name));
    expect(names).toEqual(MIGRATIONS.map(([name]) => name));

    const news = await request(t.app).get('/api/news?per_page=50').expect(200);
    expect(news.body.data.total).toBe(8);
    const admin = request.agent(t.app);
    await admin
      .post('/api/auth/login')
      .send({ username: 'test-admin', password: 'admin-password-123' })
      .expect(200);
    const all = await admin.get('/api/news/admin').expect(200);
    expect(all.body.data.map((a: { slug: string }) => a.slug)).toContain('draft-from-0-1-0');
    const contacts = await admin.get('/api/contacts').expect(200);
    expect(contacts.body.data).toMatchObject([{ name: 'Ana Silva', company: 'Metalurgia Norte' }]);
  });
});
