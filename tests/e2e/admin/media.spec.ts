import { expect, test, type Page } from '@playwright/test';
import { spawnInstance, type Instance } from '../../support/instances';
import { makePdf, makeVideo } from '../../support/media-files';
import { TEST_ADMIN } from '../../support/test-app';
import { gotoHydrated, watchConsole } from '../site/site-support';
import { fillLogin } from './support';

/**
 * The media library beyond pictures: a PDF datasheet and a video uploaded,
 * the video made the home page's hero (muted, looping, inline, never fetched
 * under reduced motion) and kept from deletion while it is. A server of its
 * own, so the shared one keeps the site's own hero for the other journeys.
 */

let server: Instance;

test.beforeAll(async () => {
  server = await spawnInstance({
    NODE_ENV: 'test',
    ADMIN_USERNAME: TEST_ADMIN.username,
    ADMIN_PASSWORD: TEST_ADMIN.password,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
  });
  await server.ready;
});
test.afterAll(() => server?.stop());

const card = (page: Page, name: string) => page.getByTestId('media-item').filter({ hasText: name });

test('a datasheet and a hero video from the Media page', async ({ page, browser }) => {
  test.setTimeout(120_000);
  await page.goto(`${server.url}/login`);
  await fillLogin(page, TEST_ADMIN.username, TEST_ADMIN.password);
  await expect(page).toHaveURL(/\/admin$/);
  await page.getByRole('link', { name: 'Media', exact: true }).click();
  await expect(
    page.getByText(/Largest files: images 10\.0 MB, PDF documents 20\.0 MB, videos 50\.0 MB/),
  ).toBeVisible();

  const upload = page.getByLabel('Upload a file');
  await upload.setInputFiles({
    name: 'ForgeArm datasheet.pdf',
    mimeType: 'application/pdf',
    buffer: makePdf(),
  });
  await expect(card(page, 'ForgeArm datasheet.pdf')).toContainText('PDF');
  await upload.setInputFiles({
    name: 'cell.webm',
    mimeType: 'video/webm',
    buffer: await makeVideo('webm'),
  });
  const video = card(page, 'cell.webm');
  await expect(video).toContainText('320 × 240');
  await upload.setInputFiles({
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('not a file we take'),
  });
  await expect(page.getByRole('alert')).toContainText(
    'PDF documents and MP4 or WebM videos can be uploaded',
  );

  await video.getByRole('button', { name: /Use as hero video/ }).click();
  await expect(page.getByText('The home page hero is updated.')).toBeVisible();
  await expect(video).toContainText("Used in the home page hero's video");
  await expect(page.getByRole('region', { name: 'Home page hero' })).toContainText('cell.webm');
  await video.getByRole('button', { name: /Delete/ }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText("This file is shown in the home page's hero.")).toBeVisible();

  // The datasheet downloads under its name.
  const list = (await (await page.request.get(`${server.url}/api/media`)).json()) as {
    data: { name: string; url: string }[];
  };
  const pdf = list.data.find((m) => m.name === 'ForgeArm datasheet.pdf')!;
  const download = await page.request.get(`${server.url}${pdf.url}`);
  expect(download.headers()['content-disposition']).toBe(
    'attachment; filename="ForgeArm datasheet.pdf"',
  );

  // A visitor sees it play; one who asks for reduced motion never fetches it.
  const chosen = list.data.find((m) => m.name === 'cell.webm')!;
  const fetched = (p: Page) => {
    const urls: string[] = [];
    p.on('request', (r) => {
      if (r.url().endsWith(chosen.url)) urls.push(r.url());
    });
    return urls;
  };
  const moving = await browser.newContext();
  const visitor = await moving.newPage();
  const seen = fetched(visitor);
  const problems = watchConsole(visitor);
  // Hydrated over the server's page without a mismatch or a CSP report.
  await gotoHydrated(visitor, `${server.url}/`);
  const player = visitor.locator('video');
  await expect(player.locator('source')).toHaveAttribute('src', chosen.url);
  await expect(player).toHaveJSProperty('muted', true);
  await expect(player).toHaveAttribute('loop', '');
  await expect(player).toHaveAttribute('playsinline', '');
  await expect
    .poll(() => player.evaluate((v: HTMLVideoElement) => !v.paused && v.currentTime > 0))
    .toBe(true);
  expect(seen.length).toBeGreaterThan(0);
  // Reached in the browser from another page, the home route reads the hero itself.
  await gotoHydrated(visitor, `${server.url}/de/news`);
  await visitor.getByRole('banner').getByRole('link', { name: 'Startseite', exact: true }).click();
  await expect(visitor).toHaveURL(/\/de$/);
  await expect(visitor.locator('video source')).toHaveAttribute('src', chosen.url);
  expect(problems).toEqual([]);
  await moving.close();

  const still = await browser.newContext({ reducedMotion: 'reduce' });
  const calm = await still.newPage();
  const none = fetched(calm);
  await calm.goto(`${server.url}/`);
  await calm.waitForLoadState('networkidle');
  await expect(calm.locator('video')).toBeHidden();
  await expect(calm.locator('picture img').first()).toBeVisible();
  expect(none).toEqual([]);
  await still.close();
});
