import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedIn, type TestApp } from '../../../tests/support/test-app';

/**
 * Where an enquiry came from: the call to action of a public article or page
 * leads to `/contact?from=<slug>`, and the enquiry keeps that article's or
 * page's address (`source_path`) and its title as the visitor read it. Any
 * other `from` is ignored, never refused.
 */
let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;

const enquiry = {
  name: 'Ana Silva',
  email: 'ana@example.pt',
  message: 'We would like to automate our welding line.',
};

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_CONTACT: '0' });
  admin = await signedIn(t.app);
  const article = {
    excerpt: 'How a cell welds a frame in four minutes.',
    content: 'The cell welds a frame in four minutes.',
    category: 'Automation',
  };
  await admin
    .post('/api/news')
    .send({
      ...article,
      title: 'Welding cells in practice',
      slug: 'welding-cells',
      published: true,
      translations: {
        pt: {
          title: 'Células de soldadura na prática',
          excerpt: 'Como uma célula solda um quadro em quatro minutos.',
          content: 'A célula solda um quadro em quatro minutos.',
        },
      },
    })
    .expect(201);
  await admin
    .post('/api/news')
    .send({ ...article, title: 'Not out yet', slug: 'draft-article', published: false })
    .expect(201);
  await admin
    .post('/api/pages')
    .send({
      title: 'Careers',
      content: 'Robotics engineer (Porto).',
      slug: 'careers',
      published: true,
    })
    .expect(201);
});
afterAll(() => t.destroy());

async function sentThroughApi(body: Record<string, unknown>) {
  const { body: answer } = await request(t.app)
    .post('/api/contacts')
    .send({ ...enquiry, ...body })
    .expect(201);
  return (await admin.get(`/api/contacts/${answer.data.id}`).expect(200)).body.data;
}

describe('an enquiry from an article or page', () => {
  it('keeps the article’s address and its title in the language the visitor wrote in', async () => {
    expect(await sentThroughApi({ from: 'welding-cells' })).toMatchObject({
      source_path: '/welding-cells',
      source_title: 'Welding cells in practice',
    });
    expect(await sentThroughApi({ from: 'welding-cells', language: 'pt' })).toMatchObject({
      source_path: '/welding-cells',
      source_title: 'Células de soldadura na prática',
    });
  });

  it('keeps a page’s too', async () => {
    expect(await sentThroughApi({ from: 'careers' })).toMatchObject({
      source_path: '/careers',
      source_title: 'Careers',
    });
  });

  it('ignores anything that names no public article or page, and stores the enquiry all the same', async () => {
    for (const from of [
      'draft-article',
      'no-such-article',
      '../admin',
      'Welding Cells',
      42,
      null,
      '',
    ]) {
      expect(await sentThroughApi({ from })).toMatchObject({
        source_path: null,
        source_title: null,
      });
    }
    expect(await sentThroughApi({})).toMatchObject({ source_path: null, source_title: null });
  });

  it('follows an old address of a renamed article to the article, and counts the enquiry there', async () => {
    const { body } = await admin
      .post('/api/news')
      .send({
        title: 'Laser cutting, explained',
        excerpt: 'How a laser cuts steel plate.',
        content: 'The laser cuts steel plate.',
        category: 'Automation',
        slug: 'laser-cutting',
        published: true,
      })
      .expect(201);
    const { id } = body.data;
    await admin.put(`/api/news/${id}`).send({ slug: 'laser-cutting-explained' }).expect(200);
    // A call to action on a page still open, or a link shared before the rename.
    expect(await sentThroughApi({ from: 'laser-cutting' })).toMatchObject({
      source_path: '/laser-cutting-explained',
      source_title: 'Laser cutting, explained',
    });
    const counted = await t.db('page_views').where({ page: 'document', document_id: id });
    expect(counted.map((row) => Number(row.enquiries))).toEqual([1]);
  });

  it('does not follow an old address to an article that is no longer public', async () => {
    const { body } = await admin
      .post('/api/news')
      .send({
        title: 'Press brakes',
        excerpt: 'How a press brake bends.',
        content: 'The press brake bends plate.',
        category: 'Automation',
        slug: 'press-brakes',
        published: true,
      })
      .expect(201);
    await admin.put(`/api/news/${body.data.id}`).send({ slug: 'press-brakes-today' }).expect(200);
    await admin.put(`/api/news/${body.data.id}`).send({ published: false }).expect(200);
    expect(await sentThroughApi({ from: 'press-brakes' })).toMatchObject({
      source_path: null,
      source_title: null,
    });
  });

  it('takes it from the page’s address when the form is posted without JavaScript', async () => {
    await request(t.app)
      .post('/pt/contact?from=welding-cells')
      .type('form')
      .send({ ...enquiry, email: 'no-js@example.pt' })
      .expect(303)
      .expect('Location', '/pt/contact?sent=1');
    const row = await t.db('contacts').where({ email: 'no-js@example.pt' }).first();
    expect(row).toMatchObject({
      language: 'pt',
      source_path: '/welding-cells',
      source_title: 'Células de soldadura na prática',
    });
  });
});
