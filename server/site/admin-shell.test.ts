import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, createTestApp, signedIn, type TestApp } from '../../tests/support/test-app';

/**
 * The admin's HTML shell is built once, in English; before any script runs
 * it speaks the request's language: `<html lang>`, the tab's title and the
 * notice shown without JavaScript.
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.destroy();
});

const shell = (html: string) => ({
  lang: /<html lang="([^"]*)">/.exec(html)?.[1],
  title: /<title>([^<]*)<\/title>/.exec(html)?.[1],
  noscript: /<noscript>([^<]*)<\/noscript>/.exec(html)?.[1],
});

describe('the admin shell', () => {
  it('is in English without a language, and still loads the dashboard', async () => {
    const res = await request(t.app).get('/admin').expect(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(shell(res.text)).toEqual({
      lang: 'en',
      title: 'Admin Dashboard',
      noscript: 'The admin dashboard needs JavaScript.',
    });
    expect(res.text).toMatch(/<script type="module"[^>]* src="\/assets\/admin-[^"]+\.js">/);
    expect(res.text).toContain('<div id="root"></div>');
  });

  it('speaks the language cookie’s language, the sign-in page by its own title', async () => {
    const res = await request(t.app).get('/login').set('Cookie', 'language=pt').expect(200);
    expect(shell(res.text)).toEqual({
      lang: 'pt',
      title: 'Início de sessão de administrador',
      noscript: 'O painel de administração precisa de JavaScript.',
    });
  });

  it('takes ?lang= before the cookie, on the dashboard’s own routes too', async () => {
    const res = await request(t.app)
      .get('/admin/users?lang=de')
      .set('Cookie', 'language=pt')
      .expect(200);
    expect(shell(res.text)).toEqual({
      lang: 'de',
      title: 'Admin-Dashboard',
      noscript: 'Das Admin-Dashboard benötigt JavaScript.',
    });
  });

  it('speaks a signed-in account’s own language, as the dashboard opens in it', async () => {
    const { username, password } = await createAccount(t, 'sales', 'greta');
    const agent = await signedIn(t.app, { username, password });
    await agent.put('/api/auth/profile').send({ language: 'de' }).expect(200);
    const res = await agent.get('/admin').expect(200);
    expect(shell(res.text)).toMatchObject({ lang: 'de', title: 'Admin-Dashboard' });
  });
});
