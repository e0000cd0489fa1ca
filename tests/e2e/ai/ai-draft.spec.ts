import { expect, test, type Page } from '@playwright/test';
import { openDashboard } from '../admin/support';

/**
 * 'Add News' -> 'Using AI' end to end: the real server drafts through the
 * real `openai` SDK against the local fake model (tests/support/fake-llm-server.ts).
 */

/** The News tab, with the run's admin session (signing in is what admin/auth.spec.ts tests). */
async function openNews(page: Page) {
  await openDashboard(page);
  await expect(page.getByRole('heading', { name: 'News Management' })).toBeVisible();
}

async function openAiModal(page: Page) {
  await page.getByRole('button', { name: 'Add News' }).click();
  const usingAi = page.getByRole('menuitem', { name: 'Using AI' });
  await expect(usingAi).not.toHaveAttribute('aria-disabled', 'true');
  await usingAi.click();
  const dialog = page.getByRole('dialog', { name: 'AI Content Generation' });
  await expect(dialog).toBeVisible();
  return dialog;
}

test('an admin drafts an article with AI and saves it as a draft', async ({ page, request }) => {
  const topic = `Vision-guided palletising cell ${Date.now()}`;
  await openNews(page);
  const dialog = await openAiModal(page);

  const generate = dialog.getByRole('button', { name: 'Generate Content' });
  await expect(generate).toBeDisabled();
  const category = dialog.getByLabel(/Category/);
  await expect(category.locator('option:checked')).toHaveText('Let AI choose');
  await expect(category.locator('option')).toHaveText([
    'Let AI choose',
    'AI Innovation',
    'Partnership',
    'Technology',
    'Industry',
  ]);
  // The fake model takes 1.5 s over this one ([[slow:…]]), long enough to watch the busy state.
  await dialog
    .getByLabel('Describe your article *')
    .fill(`${topic}. Announce it to plant managers. [[slow:1500]]`);
  await category.selectOption('Partnership');
  // The article's language: the dashboard's own unless chosen otherwise.
  const language = dialog.getByLabel('Language of the article');
  await expect(language.locator('option:checked')).toHaveText('English');
  await expect(language.locator('option')).toHaveText(['English', 'Português', 'Deutsch']);
  await expect(generate).toBeEnabled();
  const asked = page.waitForRequest('**/api/llm/generate-news-content');
  await generate.click();
  expect((await asked).postDataJSON()).toMatchObject({ category: 'Partnership', language: 'en' });
  const busy = dialog.getByRole('button', { name: 'Generating...' });
  await expect(busy).toBeVisible();
  await expect(busy).toBeDisabled();
  await expect(dialog.getByLabel('Describe your article *')).toBeDisabled();

  await expect(
    page.getByText('Content generated successfully! Please review and edit as needed.'),
  ).toBeVisible();
  const form = page.getByRole('dialog', { name: 'Create News Article' });
  await expect(form).toBeVisible();
  await expect(form.getByLabel(/^Title/)).toHaveValue(
    `${topic}: what it means for industrial operations`,
  );
  await expect(form.getByLabel(/^Excerpt/)).not.toHaveValue('');
  await expect(form.getByLabel(/^Content/)).toHaveValue(/## Why it matters/);
  await expect(form.getByLabel(/^Category/)).toHaveValue('Partnership');
  const slug = topic.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  await expect(form.getByLabel(/^Slug/)).toHaveValue(slug);
  await expect(form.getByLabel('Publish immediately')).not.toBeChecked();

  await form.getByRole('button', { name: 'Create Article' }).click();
  await expect(page.getByText('News article created successfully')).toBeVisible();
  await expect(form).toBeHidden();
  const row = page.getByRole('listitem').filter({ hasText: topic });
  await expect(row).toBeVisible();
  await expect(row.getByText('Draft', { exact: true })).toBeVisible();

  // A draft is not public.
  expect((await request.get(`/api/news/${slug}`)).status()).toBe(404);
});

test('a failing model gives the admin a clear message and keeps the description', async ({
  page,
}) => {
  await openNews(page);
  const dialog = await openAiModal(page);
  const prompt = 'Predictive maintenance for presses [[500]]';
  await dialog.getByLabel('Describe your article *').fill(prompt);
  await dialog.getByRole('button', { name: 'Generate Content' }).click();

  await expect(
    page.getByText('The language model service had an internal error. Try again in a few minutes.'),
  ).toBeVisible();
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Describe your article *')).toHaveValue(prompt);
  await expect(dialog.getByRole('button', { name: 'Generate Content' })).toBeEnabled();
});

test('when the AI status cannot be checked, Using AI says so instead of "not configured"', async ({
  page,
}) => {
  await page.route('**/api/llm/llm-status', (route) => route.abort('connectionrefused'));
  await openNews(page);
  await page.getByRole('button', { name: 'Add News' }).click();
  const usingAi = page.getByRole('menuitem', { name: 'Using AI' });
  await expect(usingAi).toHaveAttribute('aria-disabled', 'true');
  await expect(usingAi).toHaveAccessibleDescription(
    'AI drafting is unavailable for now: its status could not be checked. Reload the page to try again.',
  );
  // Playwright will not click an aria-disabled item; a user's click still reaches it.
  await usingAi.dispatchEvent('click');
  await expect(page.getByRole('dialog', { name: 'AI Content Generation' })).toHaveCount(0);
});

test('the AI writes the article in the language chosen in the modal', async ({ page }) => {
  const topic = `Cobot welding line ${Date.now()}`;
  await openNews(page);
  const dialog = await openAiModal(page);
  await dialog.getByLabel('Describe your article *').fill(topic);
  await dialog.getByLabel('Language of the article').selectOption('de');
  const asked = page.waitForRequest('**/api/llm/generate-news-content');
  await dialog.getByRole('button', { name: 'Generate Content' }).click();
  expect((await asked).postDataJSON()).toMatchObject({ language: 'de' });
  const form = page.getByRole('dialog', { name: 'Create News Article' });
  await expect(form.getByLabel(/^Title/)).toHaveValue(
    `${topic}: Was das für die industrielle Fertigung bedeutet`,
  );
  // An unsaved AI draft is something to lose: closing asks first.
  await page.keyboard.press('Escape');
  const question = page.getByRole('alertdialog', { name: 'Please confirm' });
  await question.getByRole('button', { name: 'Discard changes' }).click();
  await expect(form).toBeHidden();
});

test('Using AI drafts the article in all three languages, and all three go live', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const topic = `Laser cladding cell ${Date.now()}`;
  const title = `${topic}: what it means for industrial operations`;
  const slug = topic.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  await openNews(page);
  // German waits until the journey has seen it under way.
  const asked: { from: string; to: string[] }[] = [];
  let releaseGerman = () => {};
  const germanHeld = new Promise<void>((resolve) => (releaseGerman = resolve));
  await page.route('**/api/llm/translate-news', async (route) => {
    const body = route.request().postDataJSON() as { from: string; to: string[] };
    asked.push(body);
    if (body.to[0] === 'de') await germanHeld;
    await route.continue();
  });

  const dialog = await openAiModal(page);
  await dialog.getByLabel('Describe your article *').fill(topic);
  await expect(dialog.getByLabel('Draft in all three languages')).toBeChecked();
  await dialog.getByRole('button', { name: 'Generate Content' }).click();
  await expect(
    page.getByText('Content generated successfully! Please review and edit as needed.'),
  ).toBeVisible();

  const form = page.getByRole('dialog', { name: 'Create News Article' });
  await expect(form.getByLabel(/^Title/)).toHaveValue(title);
  const tab = (name: RegExp) => form.getByRole('tab', { name });
  await expect(tab(/^English/)).toContainText('Source');
  // The model's translations are drafts until someone publishes them.
  await expect(tab(/^Português/)).toContainText('Draft');
  await expect(tab(/^Deutsch/)).toContainText('Translating…');
  const create = form.getByRole('button', { name: 'Create Article' });
  await expect(create).toBeDisabled();
  await expect(form.getByText('Translating – you can save once the drafts are in.')).toBeVisible();
  releaseGerman();
  await expect(tab(/^Deutsch/)).toContainText('Draft');
  expect(asked.map((b) => [b.from, b.to])).toEqual([
    ['en', ['pt']],
    ['en', ['de']],
  ]);

  await tab(/^Português/).click();
  await expect(form.getByLabel(/^Title/)).toHaveValue(`[pt] ${title}`);
  await expect(form.getByLabel(/^Content/)).toHaveValue(
    /Traduzido para o teste\.\n\n.*## Why it matters/s,
  );
  await form.getByLabel('Publish the Portuguese version').check();
  await tab(/^Deutsch/).click();
  await expect(form.getByLabel(/^Title/)).toHaveValue(`[de] ${title}`);
  await form.getByLabel('Publish the German version').check();
  await expect(tab(/^Deutsch/)).toContainText('Published');
  await form.getByLabel('Publish immediately').check();
  await create.click();
  await expect(page.getByText('News article created successfully')).toBeVisible();
  await expect(form).toBeHidden();

  for (const [language, heading] of [
    ['en', title],
    ['pt', `[pt] ${title}`],
    ['de', `[de] ${title}`],
  ] as const) {
    await page.goto(`/${language}/${slug}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
  }
  await expect(page.getByText('Für den Test übersetzt.')).toBeVisible();
});
