import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../tests/support/test-app';
import { CONTACT_REFUSALS_PER_ENQUIRY } from '../http/rate-limits';

/**
 * The contact form without JavaScript (`POST /contact`, urlencoded) and the
 * JSON API (`POST /api/contacts`) are two doors to one pipeline: one rate
 * limit, one origin check, one way of saying what went wrong.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_CONTACT: '3' });
});
afterAll(() => t.destroy());

const enquiry = {
  name: 'Ana Silva',
  email: 'ana@example.pt',
  company: 'Metalurgia Norte',
  message: 'We would like to automate our welding line.',
};
const api = () => request(t.app).post('/api/contacts').send(enquiry);
const form = (fields: Record<string, string> = enquiry) =>
  request(t.app).post('/contact').type('form').send(fields);
const stored = async () => Number((await t.db('contacts').count({ n: '*' }).first())?.n);

describe('one contact pipeline for the API and the form', () => {
  it('shares one RATE_LIMIT_CONTACT budget between the two doors', async () => {
    await api().expect(201);
    await form().expect(303).expect('Location', '/contact?sent=1');
    await api().expect(201);
    expect(await stored()).toBe(3);

    const refused = await api().expect(429);
    expect(refused.body).toEqual({
      error: 'Too many enquiries sent from your network. Please try again in a few minutes.',
    });
    const page = await form().expect(429);
    expect(page.type).toBe('text/html');
    expect(page.text).toContain(
      'Too many enquiries sent from your network. Please try again in a few minutes.',
    );
    // Nothing typed is lost.
    expect(page.text).toContain('value="Ana Silva"');
    expect(page.text).toContain('We would like to automate our welding line.</textarea>');
    expect(await stored()).toBe(3);
  });
});

describe('the same answers through both doors', () => {
  let open: TestApp;
  beforeAll(async () => {
    open = await createTestApp({ RATE_LIMIT_CONTACT: '0' });
  });
  afterAll(() => open.destroy());

  it('refuses a foreign Origin with the same message, keeping what was typed in the form', async () => {
    const viaApi = await request(open.app)
      .post('/api/contacts')
      .set('Origin', 'https://evil.example')
      .send(enquiry)
      .expect(403);
    const viaForm = await request(open.app)
      .post('/contact')
      .set('Origin', 'https://evil.example')
      .type('form')
      .send(enquiry)
      .expect(403);
    expect(viaForm.text).toContain(viaApi.body.error);
    expect(viaForm.text).toContain('value="ana@example.pt"');
    expect(Number((await open.db('contacts').count({ n: '*' }).first())?.n)).toBe(0);
  });

  it('shows the API details texts, in the visitor language, under the form fields', async () => {
    const bad = { ...enquiry, name: 'A', email: 'not-an-email' };
    const viaApi = await request(open.app).post('/api/contacts?lang=de').send(bad).expect(400);
    const viaForm = await request(open.app)
      .post('/contact?lang=de')
      .type('form')
      .send(bad)
      .expect(400);
    expect(Object.keys(viaApi.body.details)).toEqual(['name', 'email']);
    for (const text of Object.values<string>(viaApi.body.details)) {
      expect(viaForm.text).toContain(text);
    }
    expect(viaApi.body.details.name).toBe('Der Name muss mindestens 2 Zeichen lang sein');
  });
});

describe('the form under a language address', () => {
  let open: TestApp;
  beforeAll(async () => {
    open = await createTestApp({ RATE_LIMIT_CONTACT: '0' });
  });
  afterAll(() => open.destroy());

  it('takes the form posted to /pt/contact, stores the enquiry in Portuguese and thanks on /pt/contact', async () => {
    await request(open.app)
      .post('/pt/contact')
      .type('form')
      .send(enquiry)
      .expect(303)
      .expect('Location', '/pt/contact?sent=1');
    const row = await open.db('contacts').where({ email: enquiry.email }).first();
    expect(row).toMatchObject({ name: enquiry.name, language: 'pt' });
  });

  it('shows the errors of a form posted to /de/contact in German', async () => {
    const page = await request(open.app)
      .post('/de/contact')
      .type('form')
      .send({ ...enquiry, name: 'A' })
      .expect(400);
    expect(page.text).toContain('<html lang="de">');
    expect(page.text).toContain('Der Name muss mindestens 2 Zeichen lang sein');
  });
});

describe('both doors behind TLS at a front proxy the server is not told to trust', () => {
  let behind: TestApp;
  beforeAll(async () => {
    behind = await createTestApp({
      RATE_LIMIT_CONTACT: '0',
      PUBLIC_URL: 'https://www.forge.example',
    });
  });
  afterAll(() => behind.destroy());

  it('accept a browser posting from PUBLIC_URL though the request arrives as http', async () => {
    await request(behind.app)
      .post('/api/contacts')
      .set('Origin', 'https://www.forge.example')
      .send(enquiry)
      .expect(201);
    await request(behind.app)
      .post('/contact')
      .set('Origin', 'https://www.forge.example')
      .type('form')
      .send(enquiry)
      .expect(303);
    await request(behind.app)
      .post('/contact')
      .set('Origin', 'https://evil.example')
      .type('form')
      .send(enquiry)
      .expect(403);
  });
});

describe('a message longer than the schema takes, posted without JavaScript', () => {
  let open: TestApp;
  beforeAll(async () => {
    open = await createTestApp({ RATE_LIMIT_CONTACT: '0' });
  });
  afterAll(() => open.destroy());

  it('is answered by the schema’s own rule, with every field kept', async () => {
    // 30 kB: over the form body's old 20 kB limit, which answered 413 with every field blank.
    const long = `${'We would like to automate our welding line. '.repeat(700)}End.`;
    const page = await request(open.app)
      .post('/contact')
      .type('form')
      .send({ ...enquiry, message: long })
      .expect(400);
    expect(page.text).toContain('Message must be less than 1000 characters');
    expect(page.text).toContain('value="Ana Silva"');
    expect(page.text).toContain('value="Metalurgia Norte"');
    expect(page.text).toContain(`${long}</textarea>`);
    expect(await open.db('contacts').count({ n: '*' }).first()).toMatchObject({ n: 0 });
  });

  it('names the form’s own limit when the body is too large to read, in every language', async () => {
    const huge = { ...enquiry, message: 'x'.repeat(300 * 1024) };
    const post = (path: string) => request(open.app).post(path).type('form').send(huge).expect(413);
    expect((await post('/contact')).text).toContain('Request body is too large (limit 256 kB)');
    expect((await post('/pt/contact')).text).toContain(
      'O corpo do pedido é demasiado grande (limite de 256 kB)',
    );
    expect((await post('/de/contact')).text).toContain(
      'Der Anfragetext ist zu groß (Grenze 256 kB)',
    );
  });
});

describe('the contact limit counts enquiries taken, through both doors', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ RATE_LIMIT_CONTACT: '2' });
  });
  afterAll(() => limited.destroy());

  it('lets a visitor correct a refused form as often as needed, then still stops a flood', async () => {
    const post = (fields: Record<string, string>) =>
      request(limited.app).post('/contact').type('form').send(fields);
    const api = (body: Record<string, string>) =>
      request(limited.app).post('/api/contacts').send(body);
    // Corrections of one enquiry, with and without JavaScript: none is stored, none counts.
    for (const name of ['A', 'B', 'C']) await post({ ...enquiry, name }).expect(400);
    for (const email of ['ana@', 'ana@example']) await api({ ...enquiry, email }).expect(400);
    await post({ ...enquiry, message: 'Too short' }).expect(400);

    await post(enquiry).expect(303).expect('Location', '/contact?sent=1');
    await api(enquiry).expect(201);
    expect(Number((await limited.db('contacts').count({ n: '*' }).first())?.n)).toBe(2);
    // The budget of valid enquiries is spent: the next is refused through either door.
    await post(enquiry).expect(429);
    await api(enquiry).expect(429);
    await post({ ...enquiry, name: 'A' }).expect(429);
    expect(Number((await limited.db('contacts').count({ n: '*' }).first())?.n)).toBe(2);
  });
});

describe('refused enquiries, through both doors', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ RATE_LIMIT_CONTACT: '1' });
  });
  afterAll(() => limited.destroy());

  it(`have a budget of their own, ${CONTACT_REFUSALS_PER_ENQUIRY} for each enquiry taken: a client posting junk is stopped`, async () => {
    const post = (fields: Record<string, string>) =>
      request(limited.app).post('/contact').type('form').send(fields);
    const api = (body: Record<string, string>) =>
      request(limited.app).post('/api/contacts').send(body);
    for (let i = 0; i < CONTACT_REFUSALS_PER_ENQUIRY; i++) {
      if (i % 2) await post({ ...enquiry, email: `junk-${i}` }).expect(400);
      else await api({ ...enquiry, email: `junk-${i}` }).expect(400);
    }
    // Refused before its fields are read, through either door, a valid one too.
    await api({ ...enquiry, email: 'junk' }).expect(429);
    await post({ ...enquiry, email: 'junk' }).expect(429);
    await api(enquiry).expect(429);
    await post(enquiry).expect(429);
    expect(Number((await limited.db('contacts').count({ n: '*' }).first())?.n)).toBe(0);
  });
});
