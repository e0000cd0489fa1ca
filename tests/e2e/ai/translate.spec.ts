import { expect, test } from '@playwright/test';
import { openDashboard, newsRow, toast } from '../admin/support';
import { adminApi, createArticle, uniqueSlug } from '../site/site-support';

/**
 * Writing in three languages (issue 11): the admin writes the Portuguese
 * version by hand, drafts the German one with the (fake) model, saves, and
 * both are on the site under their language addresses.
 */
test('an admin adds a Portuguese version by hand and a German one with AI, and both go live', async ({
  page,
}) => {
  const api = await adminApi();
  const slug = uniqueSlug('paint-shop');
  const title = `Paint shop robots ${slug}`;
  await createArticle(api, {
    slug,
    title,
    excerpt: 'Six robots now paint every body.',
    content: '## Results\n\n- 30% less paint\n- See [the line](https://example.com/line)',
  });
  await api.dispose();

  await openDashboard(page);
  await page.getByLabel('Languages').selectOption({ label: 'Missing German' });
  const row = newsRow(page, title);
  await expect(row.locator('[data-language="de"]')).toHaveAttribute('data-state', 'missing');
  await row.getByRole('button', { name: /^Edit/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit News Article' });
  await expect(dialog.getByRole('tab', { name: /^English/ })).toContainText('Source');

  await dialog.getByRole('tab', { name: /^Português/ }).click();
  await dialog.getByLabel(/^Title/).fill(`Robôs na pintura ${slug}`);
  await dialog.getByLabel(/^Excerpt/).fill('Seis robôs pintam agora cada carroçaria.');
  await dialog.getByLabel(/^Content/).fill('## Resultados\n\n- 30% menos tinta');
  await expect(dialog.getByTestId('article-preview').getByRole('heading', { level: 4 })).toHaveText(
    `Robôs na pintura ${slug}`,
  );

  const asked = page.waitForRequest('**/api/llm/translate-news');
  await dialog.getByRole('button', { name: 'Translate with AI (DE)' }).click();
  expect((await asked).postDataJSON()).toMatchObject({ from: 'en', to: ['de'], title });
  const german = dialog.getByRole('tab', { name: /^Deutsch/ });
  // The model's draft is not public until someone has reviewed and published it.
  await expect(german).toContainText('Draft');
  await expect(toast(page, 'German draft filled in: review it, then save.')).toBeVisible();
  await german.click();
  await expect(dialog.getByLabel(/^Title/)).toHaveValue(`[de] ${title}`);
  await dialog.getByLabel('Publish the German version').check();
  await expect(german).toContainText('Published');
  // The markdown came back whole.
  await expect(dialog.getByLabel(/^Content/)).toHaveValue(
    /\[the line\]\(https:\/\/example\.com\/line\)/,
  );

  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toast(page, 'News article updated successfully')).toBeVisible();
  await expect(dialog).toBeHidden();
  // No longer missing German: the filter leaves it out; every chip is there.
  await expect(newsRow(page, title)).toHaveCount(0);
  await page.getByLabel('Languages').selectOption({ label: 'All languages' });
  for (const language of ['pt', 'de'])
    await expect(newsRow(page, title).locator(`[data-language="${language}"]`)).toHaveAttribute(
      'data-state',
      'published',
    );

  await page.goto(`/pt/${slug}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Robôs na pintura ${slug}`);
  await page.goto(`/de/${slug}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`[de] ${title}`);
  await expect(page.getByText('Für den Test übersetzt.')).toBeVisible();
});

test('an admin ticks only German: only German is asked for, filled in and published', async ({
  page,
}) => {
  const api = await adminApi();
  const slug = uniqueSlug('press-line');
  const title = `Press line retrofit ${slug}`;
  await createArticle(api, {
    slug,
    title,
    excerpt: 'The 1998 press line now runs with ForgeArm X2 loaders.',
    content:
      '## Retrofit\n\n- **ForgeArm X2** loaders\n- See [the plant](https://example.com/plant)',
  });
  await api.dispose();

  await openDashboard(page);
  await newsRow(page, title).getByRole('button', { name: /^Edit/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit News Article' });
  const into = dialog.getByRole('group', { name: 'Translate into' });
  // Both translations are missing: both ticked.
  await expect(into.getByRole('checkbox', { name: 'Português' })).toBeChecked();
  await expect(into.getByRole('checkbox', { name: 'Deutsch' })).toBeChecked();
  await expect(dialog.getByRole('button', { name: 'Translate with AI (PT, DE)' })).toBeVisible();
  await into.getByRole('checkbox', { name: 'Português' }).uncheck();

  const asked: unknown[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/llm/translate-news')) asked.push(request.postDataJSON());
  });
  await dialog.getByRole('button', { name: 'Translate with AI (DE)' }).click();
  const german = dialog.getByRole('tab', { name: /^Deutsch/ });
  await expect(german).toContainText('Draft');
  await expect(toast(page, 'German draft filled in: review it, then save.')).toBeVisible();
  expect(asked).toEqual([expect.objectContaining({ from: 'en', to: ['de'], title })]);
  await expect(dialog.getByRole('tab', { name: /^Português/ })).toContainText('Missing');
  // German has a text now; ticking it again says the new draft would replace it.
  await expect(into.getByRole('checkbox', { name: 'Deutsch' })).not.toBeChecked();
  await into.getByRole('checkbox', { name: 'Deutsch' }).check();
  await expect(
    dialog.getByText(
      'The new draft replaces the text already in German – nothing is stored until you save.',
    ),
  ).toBeVisible();
  await into.getByRole('checkbox', { name: 'Deutsch' }).uncheck();

  await german.click();
  await expect(dialog.getByLabel(/^Title/)).toHaveValue(`[de] ${title}`);
  await expect(dialog.getByLabel(/^Content/)).toHaveValue(
    /\*\*ForgeArm X2\*\* loaders\n- See \[the plant\]\(https:\/\/example\.com\/plant\)/,
  );
  // Reviewed: published with the save.
  await dialog.getByLabel('Publish the German version').check();
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toast(page, 'News article updated successfully')).toBeVisible();
  expect(asked).toHaveLength(1);

  await page.goto(`/de/${slug}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`[de] ${title}`);
  // No Portuguese version was drafted: the Portuguese page shows the English source.
  await page.goto(`/pt/${slug}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
});
