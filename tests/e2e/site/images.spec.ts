import { expect, test, type Locator } from '@playwright/test';
import { adminApi, createArticle, uniqueSlug } from './site-support';

const DEFAULT_IMAGE = '/media/news-default.jpg';

/** The image element shows real pixels (not an empty broken box). */
const painted = (image: Locator) =>
  image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0);

test('a dead article image shows as the default one, even when it failed before hydration', async ({
  page,
}) => {
  const api = await adminApi();
  const slug = uniqueSlug('dead-image');
  // A real image, dead for this page only: other journeys watch /news for console errors.
  const imageUrl = `/media/news-default-960w.webp?dead=${slug}`;
  await createArticle(api, { slug, title: `Dead image ${slug}`, image_url: imageUrl });
  await api.dispose();
  await page.route(
    (url) => url.searchParams.get('dead') === slug,
    (route) => route.abort('connectionrefused'),
  );
  // Scripts arrive late, so the image has long failed when React hydrates the page.
  await page.route('**/assets/**/*.js', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 800));
    await route.continue();
  });

  await page.goto(`/${slug}`);
  const image = page.getByRole('article').locator('img');
  await expect(image).toHaveAttribute('src', DEFAULT_IMAGE);
  await expect.poll(() => painted(image)).toBe(true);

  // Other journeys publish at the same time: find the list page that holds the article.
  let listPage = 1;
  for (; listPage < 100; listPage++) {
    const response = await page.request.get(`/api/news?page=${listPage}&per_page=6`);
    const { news } = ((await response.json()) as { data: { news: { slug: string }[] } }).data;
    if (news.some((article) => article.slug === slug)) break;
  }
  await page.goto(`/news?page=${listPage}`);
  const card = page.getByRole('link', { name: new RegExp(`Dead image ${slug}`) }).locator('img');
  await expect(card).toHaveAttribute('src', DEFAULT_IMAGE);
  await expect.poll(() => painted(card)).toBe(true);
});
