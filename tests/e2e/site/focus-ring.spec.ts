import { expect, test, type Locator, type Page } from '@playwright/test';
import { adminApi, createArticle, uniqueSlug } from './site-support';

/**
 * The focus ring stands out from what it is drawn on by at least 3:1 (WCAG
 * 1.4.11): navy on the light page (a news card, the amber calls to action),
 * amber on the dark header and hero.
 */
const MIN_CONTRAST = 3;

/** The colour a focused element's ring is drawn in: its outline, or its `ring-*` box shadow. */
const ringColour = (element: Locator) =>
  element.evaluate((el) => {
    const style = getComputedStyle(el);
    if (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0)
      return style.outlineColor;
    // A ring is a shadow without offset or blur, spread out: `rgb(…) 0px 0px 0px 2px`.
    const rings = [...style.boxShadow.matchAll(/(rgba?\([^)]*\)) 0px 0px 0px ([\d.]+)px/g)];
    return rings.find((ring) => Number(ring[2]) > 0 && !/, 0\)$/.test(ring[1]!))?.[1] ?? 'none';
  });

/** The nearest painted background behind an element. */
const groundColour = (element: Locator) =>
  element.evaluate((el) => {
    for (let node = el.parentElement; node; node = node.parentElement) {
      const colour = getComputedStyle(node).backgroundColor;
      if (colour !== 'rgba(0, 0, 0, 0)' && colour !== 'transparent') return colour;
    }
    return 'rgb(255, 255, 255)';
  });

/** WCAG contrast ratio of two `rgb()` colours (the alpha of either is ignored). */
function contrast(a: string, b: string): number {
  const luminance = (colour: string) => {
    const [r, g, b] = colour
      .match(/[\d.]+/g)!
      .slice(0, 3)
      .map(Number);
    const linear = (c: number) => {
      const s = c / 255;
      return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * linear(r!) + 0.7152 * linear(g!) + 0.0722 * linear(b!);
  };
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

/** Tabs until `target` has the keyboard focus (so `:focus-visible` holds). */
async function tabTo(page: Page, target: Locator) {
  for (let n = 0; n < 60; n++) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((el) => el.contains(document.activeElement))) return;
  }
  throw new Error('never reached by Tab');
}

async function expectVisibleRing(page: Page, target: Locator, ringOn: Locator, what: string) {
  await tabTo(page, target);
  // Colours ease in (`transition`): read the ring once it is drawn.
  await ringOn.evaluate((el) => Promise.all(el.getAnimations().map((a) => a.finished)));
  const [ring, ground] = [await ringColour(ringOn), await groundColour(ringOn)];
  expect(ring, `${what}: no ring`).not.toBe('none');
  expect
    .soft(contrast(ring, ground), `${what}: ring ${ring} on ${ground}`)
    .toBeGreaterThanOrEqual(MIN_CONTRAST);
}

let articlePath = '';
test.beforeAll(async () => {
  const api = await adminApi();
  const slug = uniqueSlug('focus');
  await createArticle(api, { slug });
  await api.dispose();
  articlePath = `/${slug}`;
});

test('a focused news card and the calls to action show a ring that stands out', async ({
  page,
}) => {
  await page.goto('/news');
  const card = page
    .getByRole('main')
    .getByRole('listitem')
    .filter({ has: page.locator('img') });
  const link = card.first().getByRole('link');
  await expectVisibleRing(page, link, card.first(), 'news card');

  await page.goto(articlePath);
  const cta = page.getByTestId('article-cta').getByRole('link');
  await expectVisibleRing(page, cta, cta, 'article’s call to action');

  await page.goto('/');
  const hero = page.locator('section[aria-labelledby="hero-title"]');
  const heroCta = hero.getByRole('link').first();
  await expectVisibleRing(page, heroCta, heroCta, 'hero’s call to action');
  const closing = page.locator('section[aria-labelledby="cta-title"]').getByRole('link');
  await expectVisibleRing(page, closing, closing, 'closing call to action');

  await page.goto('/');
  const news = page.getByRole('banner').getByRole('link', { name: 'News', exact: true });
  await expectVisibleRing(page, news, news, 'header link');
});
