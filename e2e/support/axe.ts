import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/**
 * Waits until every finite animation has ended. Dialogs and toasts fade in: axe measuring a
 * half-transparent footer reports its buttons' contrast, a failure no user sees. Spinners run
 * forever and do not count.
 */
export async function animationsSettled(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity,
      ),
  );
}

/**
 * Every axe violation of the page, or only of what `within` selects, whatever its impact, as
 * "rule (impact): targets". Checked once the page's requests and animations have settled, so
 * axe reads what a member would read.
 */
export async function axeViolations(page: Page, within?: string): Promise<string[]> {
  await page.waitForLoadState('networkidle');
  await animationsSettled(page);
  const builder = new AxeBuilder({ page });
  if (within) builder.include(within);
  const results = await builder.analyze();
  // Each node with axe's own reason (the colours it measured, for a contrast failure): a
  // violation seen once on a loaded machine must be readable from the report alone.
  return results.violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.nodes
        .map((n) => `${n.target.join(' ')} [${n.any.map((check) => check.message).join('; ')}]`)
        .join(', ')}`,
  );
}
