import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * Serious and critical axe-core violations on the page as it stands, one
 * readable line per rule (all rules, or only those with one of `tags`).
 * Checked once no finite animation runs: a toast still fading in shows axe
 * its colours blended with the page behind it. `exclude` leaves parts out (a
 * sandboxed preview frame, where axe's script may not run, is checked on
 * its own page).
 */
export async function seriousViolations(
  page: Page,
  tags?: string[],
  { exclude }: { exclude?: string } = {},
): Promise<string[]> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Infinity,
      ),
  );
  const builder = new AxeBuilder({ page });
  if (exclude) builder.exclude(exclude);
  const { violations } = await (tags ? builder.withTags(tags) : builder).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.impact} ${v.id} (${v.help}): ${v.nodes.map((n) => `${n.target.join(' ')} — ${n.failureSummary ?? ''}`).join(' | ')}`,
    );
}
