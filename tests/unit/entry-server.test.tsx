import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Language } from '#shared/languages';
import type { SiteData } from '#shared/site-data';
import { createTestApp, type TestApp } from '../support/test-app';
import { createContactsService } from '../../server/features/contacts/contacts.service';
import { createNewsService } from '../../server/features/news/news.service';
import { createPagesService } from '../../server/features/news/pages.service';
import { createContentVersion } from '../../server/content-version';
import { createPreviewsService } from '../../server/features/news/previews.service';
import { textsSnapshot } from '../../server/features/site-texts/texts-snapshot';
import { serverSiteData } from '../../server/site/site-data';
import { render } from '../../web/site/entry-server';

/** Server rendering of the real route table over the real news service and a temp database. */
let t: TestApp;
let data: (language: Language) => SiteData;
const origin = 'https://forge.example';
/** The catalogues' texts, as a page renders them without site text changes. */
const catalogues = (language: Language) => textsSnapshot().page(language).catalogues;

beforeAll(async () => {
  t = await createTestApp();
  const news = createNewsService({ db: t.db, content: createContentVersion() });
  for (let i = 1; i <= 8; i++) {
    await news.create({
      title: `Article number ${i}`,
      excerpt: `Excerpt ${i}`,
      content: i === 1 ? 'Hello <script>alert(1)</script>\nsecond line' : 'Body',
      category: i % 2 ? 'robotics' : 'Custom category',
      slug: `article-${i}`,
      image_url: null,
      published: true,
    });
  }
  const pages = createPagesService({ db: t.db, content: createContentVersion() });
  const previews = createPreviewsService({ db: t.db, news, pages });
  const services = { news, pages, previews, contacts: createContactsService({ db: t.db }) };
  data = (language) => serverSiteData(services, { language });
});
afterAll(() => t.destroy());

const page = async (url: string, language: 'en' | 'pt' | 'de' = 'en') => {
  const result = await render({
    url,
    origin,
    language,
    catalogues: catalogues(language),
    data: data(language),
  });
  if (result.kind !== 'page') throw new Error(`expected a page, got ${result.kind}`);
  return result;
};

describe('server rendering', () => {
  it('renders the home page in the requested language', async () => {
    const result = await page('/', 'de');
    expect(result.status).toBe(200);
    expect(result.html).toContain('Intelligente Maschinen für die Fabriken von morgen');
    expect(result.html).toContain('aria-current="page"');
    expect(result.head).toContain(`<link rel="canonical" href="${origin}/">`);
  });

  it('renders a news page from ?page= with its cards and router state', async () => {
    const result = await page('/news?page=2');
    expect(result.status).toBe(200);
    expect(result.html).toContain('Article number 2');
    expect(result.html).not.toContain('Article number 8<');
    expect(result.html).toContain('Custom category');
    expect(result.head).toContain(`href="${origin}/news?page=2"`);
    const state = JSON.parse(result.hydration) as { loaderData: { news: { page: number } } };
    expect(state.loaderData.news.page).toBe(2);
  });

  it('renders an article with markdown as safe HTML and its structured data', async () => {
    const result = await page('/article-1');
    expect(result.status).toBe(200);
    expect(result.html.replace(/<!-- -->/g, '')).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(result.html).not.toContain('<script>alert(1)');
    expect(result.html).toMatch(/<br\/?>/);
    expect(result.head).toContain('"@type":"NewsArticle"');
    expect(result.hydration).not.toContain('<');
  });

  it('answers 404 for unknown slugs, malformed slugs and unknown paths', async () => {
    const slug = await page('/no-such-article', 'pt');
    expect(slug.status).toBe(404);
    expect(slug.html).toContain('Artigo não encontrado');
    expect((await page('/Not_A_Slug')).status).toBe(404);
    const path = await page('/a/b/c');
    expect(path.status).toBe(404);
    expect(path.html).toContain('Oops! Page not found');
    expect(path.head).toContain('noindex');
  });

  it('renders the contact page', async () => {
    const result = await page('/contact');
    expect(result.status).toBe(200);
    expect(result.html).toContain('<form');
  });

  it('takes the contact form posted without JavaScript: errors keep what was typed', async () => {
    const form = { name: ' A ', email: 'not-an-email', company: '', message: 'Hi <b>there</b>' };
    const result = await render({
      url: '/contact',
      origin,
      language: 'pt',
      catalogues: catalogues('pt'),
      data: data('pt'),
      form,
    });
    if (result.kind !== 'page') throw new Error('expected the form again');
    expect(result.status).toBe(400);
    const html = result.html.replace(/<!-- -->/g, '');
    expect(html).toContain('Corrija os erros');
    expect(html).toContain('O nome deve ter pelo menos 2 caracteres');
    expect(html).toContain('Introduza um endereço de e-mail válido');
    expect(html).toContain('value="not-an-email"');
    expect(html).toContain('Hi &lt;b&gt;there&lt;/b&gt;');
    expect(html).toContain('aria-invalid="true"');
  });

  it('sends a valid posted form and redirects to the thanks notice', async () => {
    const form = {
      name: 'Ana Sousa',
      email: 'ana@fabrica.pt',
      company: '',
      message: 'Orçamento para célula robótica, por favor.',
    };
    const result = await render({
      url: '/contact',
      origin,
      language: 'en',
      catalogues: catalogues('en'),
      data: data('en'),
      form,
    });
    expect(result).toEqual({ kind: 'redirect', status: 303, location: '/contact?sent=1' });
    const stored = await t.db('contacts').where({ email: 'ana@fabrica.pt' }).first();
    expect(stored).toMatchObject({
      name: 'Ana Sousa',
      message: 'Orçamento para célula robótica, por favor.',
    });
    const thanks = await page('/contact?sent=1');
    expect(thanks.html).toContain('role="status"');
    expect(thanks.html.replace(/<!-- -->/g, '')).toContain(
      'We&#x27;ll get back to you within 24 hours.',
    );
  });
});
