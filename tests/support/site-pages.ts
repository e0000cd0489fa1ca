import { createTestApp, signedIn } from './test-app';

/**
 * The real app with a Careers page in the header's menu, published in
 * English and in German (Karriere), as the site's header and footer tests
 * read it at `/careers`; answers the app and its signed-in admin, for
 * whatever else a test adds.
 */
export async function appWithCareers() {
  const t = await createTestApp();
  const admin = await signedIn(t.app);
  await admin
    .post('/api/pages')
    .send({
      title: 'Careers',
      content: 'Join us.',
      slug: 'careers',
      nav: 'header',
      published: true,
      translations: { de: { title: 'Karriere', content: 'Kommen Sie zu uns.' } },
    })
    .expect(201);
  return { t, admin };
}
