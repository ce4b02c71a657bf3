import { AxeBuilder } from '@axe-core/playwright';
import { describe, expect, it } from 'vitest';
import { useBrowser } from './support/browser.js';

const browser = useBrowser();

describe('accessibility', () => {
  it.each(['/login', '/admin/login'])(
    '%s has no serious or critical axe violation',
    async (path) => {
      const page = await browser.newPage();
      await page.goto(path);
      await page.getByRole('button', { name: 'Sign in' }).waitFor();
      const results = await new AxeBuilder({ page }).analyze();
      const severe = results.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
      expect(severe).toEqual([]);
    },
  );

  it.each(['/login', '/admin/login'])('%s ties every input to a visible label', async (path) => {
    const page = await browser.newPage();
    await page.goto(path);
    const unlabeled = await page.evaluate(() =>
      Array.from(document.querySelectorAll('input, select, textarea'))
        .filter((el) => {
          const id = el.getAttribute('id');
          const label = id ? document.querySelector(`label[for="${id}"]`) : el.closest('label');
          return !label || (label as HTMLElement).offsetParent === null;
        })
        .map((el) => el.outerHTML),
    );
    expect(unlabeled).toEqual([]);
  });
});
