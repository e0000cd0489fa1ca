import request from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startFakeLlm, type FakeLlm } from '../../../tests/support/fake-llm-server';
import {
  createAccount,
  createTestApp,
  signedIn,
  type TestApp,
} from '../../../tests/support/test-app';

const DRAFT = '/api/llm/draft-reply';
type Sent = { role: string; content: string }[];

/**
 * `POST /api/llm/draft-reply`: a reply in the enquiry's language, drafted by
 * the model (the local fake speaking the real protocol) from the enquiry and
 * the team's notes, between the greeting and signature of the company's
 * templates. Nothing is sent or stored.
 */
describe('POST /api/llm/draft-reply', () => {
  let fake: FakeLlm;
  let t: TestApp;
  let sales: Awaited<ReturnType<typeof signedIn>>;
  let id: number;

  beforeAll(async () => {
    fake = await startFakeLlm();
    t = await createTestApp({
      RATE_LIMIT_CONTACT: '0',
      OPENAI_BASE_URL: `${fake.url}/v1`,
      OPENAI_API_KEY: 'sk-reply-test',
      OPENAI_MODEL: 'fake-gpt',
    });
    sales = await signedIn(t.app, await createAccount(t, 'sales', 'marta'));
    id = (
      await request(t.app)
        .post('/api/contacts')
        .send({
          name: 'Jürgen Weiß',
          email: 'juergen@fabrik.de',
          company: 'Fabrik GmbH',
          message: 'Wir brauchen zwei Schweißroboter für unsere Fertigung.',
          language: 'de',
        })
        .expect(201)
    ).body.data.id;
  });
  afterAll(async () => {
    await t.destroy();
    await fake.close();
  });
  afterEach(() => {
    fake.setScenario(null);
    fake.requests.length = 0;
  });

  it('drafts in German from the enquiry and the notes, between the templates’ greeting and signature', async () => {
    await sales
      .post(`/api/contacts/${id}/notes`)
      .send({ text: 'Lieferung im März möglich.' })
      .expect(201);
    const res = await sales.post(DRAFT).send({ contact_id: id }).expect(200);
    expect(res.body.data).toEqual({
      message:
        'Guten Tag Jürgen Weiß,\n\n' +
        'Vielen Dank für Ihre Anfrage. Gerne erstellen wir Ihnen ein Angebot.\n\n' +
        'Wie besprochen: Lieferung im März möglich.\n\n' +
        'Mit freundlichen Grüßen\nmarta\nForge Industrial',
    });
    const [system, user] = fake.requests[0]!.body!.messages as Sent;
    expect(system!.content).toContain('Write the reply in German (formal "Sie" form)');
    expect(user!.content).toContain('Wir brauchen zwei Schweißroboter');
    expect(user!.content).toContain('Lieferung im März möglich.');
    // Nothing was sent or stored: the thread holds the enquiry and the note only.
    const { thread, replied_at } = (await sales.get(`/api/contacts/${id}`).expect(200)).body.data;
    expect(thread.map((e: { kind: string }) => e.kind)).toEqual(['enquiry', 'note']);
    expect(replied_at).toBeNull();
  });

  it('signs the draft with the colleague’s display name, as the reply will be', async () => {
    await sales.put('/api/auth/profile').send({ name: 'Marta Simões' }).expect(200);
    try {
      const res = await sales.post(DRAFT).send({ contact_id: id }).expect(200);
      expect(res.body.data.message).toMatch(
        /\n\nMit freundlichen Grüßen\nMarta Simões\nForge Industrial$/,
      );
    } finally {
      await sales.put('/api/auth/profile').send({ name: null }).expect(200);
    }
  });

  it('uses the company’s own greeting (a site text) in the enquiry’s language', async () => {
    const admin = await signedIn(t.app);
    await admin
      .put('/api/site/texts')
      .send({ values: { 'mail.answer.greeting': { de: 'Sehr geehrter Herr {{name}},' } } })
      .expect(200);
    try {
      const res = await sales.post(DRAFT).send({ contact_id: id }).expect(200);
      expect(res.body.data.message).toMatch(/^Sehr geehrter Herr Jürgen Weiß,\n\n/);
      const template = await sales.get(`/api/contacts/${id}/reply-template`).expect(200);
      expect(template.body.data.greeting).toBe('Sehr geehrter Herr Jürgen Weiß,');
    } finally {
      await admin
        .put('/api/site/texts')
        .send({ values: { 'mail.answer.greeting': { de: null } } })
        .expect(200);
    }
  });

  it('answers 502 with advice when the model gives nothing usable, 404 and 400 for a bad enquiry', async () => {
    fake.setScenario('wrong-shape');
    const bad = await sales.post(`${DRAFT}?lang=pt`).send({ contact_id: id }).expect(502);
    expect(bad.body.error).toBe(
      'O modelo de linguagem não devolveu uma resposta utilizável. Tente novamente.',
    );
    fake.setScenario(null);
    await sales.post(DRAFT).send({ contact_id: 99999 }).expect(404);
    const invalid = await sales.post(DRAFT).send({ contact_id: 'x' }).expect(400);
    expect(invalid.body.details).toEqual({ contact_id: 'Name the enquiry to reply to' });
  });

  it('is for admin and sales, and 503 without a model', async () => {
    const editor = await signedIn(t.app, await createAccount(t, 'editor', 'eddie'));
    await editor.post(DRAFT).send({ contact_id: id }).expect(403);
    await request(t.app).post(DRAFT).send({ contact_id: id }).expect(401);
    const none = await createTestApp({});
    try {
      const agent = await signedIn(none.app);
      const res = await agent.post(DRAFT).send({ contact_id: 1 }).expect(503);
      expect(res.body.error).toMatch(/not configured/);
    } finally {
      await none.destroy();
    }
  });
});
