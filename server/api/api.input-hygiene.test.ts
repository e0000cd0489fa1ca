import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedIn, type TestApp } from '../../tests/support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_CONTACT: '0' });
});
afterAll(() => t.destroy());

const enquiry = { name: 'Ana Silva', email: 'ana@example.pt', message: 'A message long enough.' };
const CONTROL =
  'This field contains control or invisible characters that are not allowed. Please remove them.';
const EMAIL = 'Please enter a valid email address';

describe('input that should not be stored is refused over HTTP', () => {
  it.each([
    ['a NUL byte in the message', { message: 'Hello \u0000 there, friends' }, { message: CONTROL }],
    ['a terminal escape in the name', { name: 'Ana \u001b[2J' }, { name: CONTROL }],
    ['a BEL in the name', { name: 'Ana\u0007 Silva' }, { name: CONTROL }],
    ['a 65-character local part', { email: `${'a'.repeat(65)}@example.com` }, { email: EMAIL }],
    ['<script>@example.com', { email: '<script>@example.com' }, { email: EMAIL }],
    ['a zero-width space in the e-mail', { email: 'ana\u200B@example.pt' }, { email: EMAIL }],
  ])(
    'refuses an enquiry with %s (400, clear message, nothing stored)',
    async (_what, change, details) => {
      const before = Number((await t.db('contacts').count({ n: '*' }).first())?.n);
      const res = await request(t.app)
        .post('/api/contacts')
        .send({ ...enquiry, ...change })
        .expect(400);
      expect(res.body).toEqual({
        error: 'Please fix the errors in the form before submitting.',
        details,
      });
      expect(Number((await t.db('contacts').count({ n: '*' }).first())?.n)).toBe(before);
    },
  );

  it('stores textarea line breaks (CRLF) as LF', async () => {
    const res = await request(t.app)
      .post('/api/contacts')
      .send({ ...enquiry, message: 'First line\r\nSecond line\rThird' })
      .expect(201);
    const row = await t.db('contacts').where({ id: res.body.data.id }).first();
    expect(row.message).toBe('First line\nSecond line\nThird');
  });

  it('refuses a NUL byte in an article', async () => {
    const admin = await signedIn(t.app);
    const res = await admin
      .post('/api/news')
      .send({
        title: 'T',
        excerpt: 'E',
        content: 'Body \u0000',
        category: 'c',
        slug: 'nul-article',
      })
      .expect(400);
    expect(res.body.details).toEqual({ content: CONTROL });
  });
});
