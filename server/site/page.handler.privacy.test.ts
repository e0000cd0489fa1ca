import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../tests/support/test-app';

/** The privacy notice as the server renders it: texts from the catalogue, head tags, its own chunk, the page cache. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.destroy());

const HOST = 'www.forge.test';
const get = (path: string) => request(t.app).get(path).set('Host', HOST);

describe('/privacy', () => {
  it('is a page of its own in English: title, description, sections, the contact address', async () => {
    const res = await get('/privacy').expect(200);
    expect(res.type).toBe('text/html');
    expect(res.text).toContain('<title>Privacy notice | Forge Industrial</title>');
    expect(res.text).toMatch(/<meta name="description" content="What Forge Industrial does with/);
    expect(res.text).toMatch(/<h1[^>]*>Privacy notice<\/h1>/);
    for (const heading of [
      'Who is responsible',
      'What we collect',
      'Counting visits',
      'Why we use it, and on what legal basis',
      'How long we keep it',
      'Who receives it',
      'Your rights',
      'Cookies',
    ])
      expect(res.text).toMatch(new RegExp(`<h2[^>]*>${heading}</h2>`));
    expect(res.text).toContain(
      'Forge Industrial, Rua de Santa Catarina 1120, 4000-447 Porto, Portugal',
    );
    expect(res.text).toContain(
      'delete every enquiry automatically once it is a given number of days old',
    );
    expect(res.text).toContain('href="mailto:business@forge-industrial.pt"');
    expect(res.text).toMatch(/<link rel="canonical" href="http:\/\/www\.forge\.test\/privacy">/);
    // Its own chunk comes with the entry (the loader preloads it), not after it.
    expect(res.text).toMatch(/data-preload="[^"]*\/assets\/PrivacyPage-[^"]+\.js[^"]*"/);
  });

  it('speaks the visitor’s language, with its own canonical address', async () => {
    const res = await get('/privacy?lang=de').expect(200);
    expect(res.text).toContain('<html lang="de">');
    expect(res.text).toContain('<title>Datenschutzerklärung | Forge Industrial</title>');
    expect(res.text).toContain('Sie haben jederzeit das Recht auf:');
    expect(res.text).toMatch(
      /<link rel="canonical" href="http:\/\/www\.forge\.test\/de\/privacy">/,
    );
    const pt = await get('/privacy').set('Cookie', 'language=pt').expect(200);
    expect(pt.text).toMatch(/<h1[^>]*>Política de privacidade<\/h1>/);
  });

  it('says in each language what is counted and that nothing identifies a visitor', async () => {
    const said = {
      en: ['Counting visits', 'no network address, no cookie, no identifier and no location'],
      pt: ['Contagem de visitas', 'nenhum endereço de rede, nenhum cookie, nenhum identificador'],
      de: ['Zählung der Seitenaufrufe', 'keine Netzwerkadresse, kein Cookie, keine Kennung'],
    };
    for (const [language, [heading, nothing]] of Object.entries(said)) {
      const res = await get(`/${language}/privacy`).expect(200);
      expect(res.text).toMatch(new RegExp(`<h2[^>]*>${heading}</h2>`));
      expect(res.text).toContain(nothing);
      // No longer "we use no analytics": outside services are what it rules out.
      expect(res.text).not.toMatch(
        /We use no analytics|Não usamos serviços de estatísticas|keine Analyse-/,
      );
    }
  });

  it('is kept in the page cache like every public page', async () => {
    await get('/privacy?lang=pt').expect(200);
    for (let i = 0; i < 100; i++) {
      const res = await get('/privacy?lang=pt');
      if (res.headers['x-cache'] === 'HIT') {
        expect(res.text).toContain('Os seus direitos');
        return;
      }
      await new Promise((r) => setTimeout(r, 20));
    }
    throw new Error('/privacy never came from the cache');
  });
});
