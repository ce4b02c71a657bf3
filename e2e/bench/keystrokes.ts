import type { Browser } from 'playwright-core';

export type KeystrokeResult =
  | { measured: true; field: string; samples: number; p50: number; p95: number; max: number }
  | { measured: false; reason: string };

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
const round = (ms: number) => Math.round(ms * 10) / 10;

/**
 * Keystroke-to-paint in the registration form with every section mounted: from the key event's
 * timestamp to a task queued right after the next animation frame, i.e. once the frame that
 * shows the character has been produced.
 */
export async function measureKeystrokes(
  browser: Browser,
  baseURL: string,
  session: { token: string; role: string; user: unknown },
  keystrokes = 300,
): Promise<KeystrokeResult> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    await page.addInitScript((s) => {
      localStorage.setItem('accessToken', s.token);
      localStorage.setItem('userRole', s.role);
      localStorage.setItem('userData', JSON.stringify(s.user));
    }, session);
    await page.goto('/register-horse');
    const dialog = page.getByRole('dialog', { name: 'Register Horse' });
    try {
      await dialog.waitFor({ timeout: 15_000 });
    } catch {
      return { measured: false, reason: 'the registration form did not open at /register-horse' };
    }
    const field = 'Breed';
    const input = dialog.getByLabel(field, { exact: true });
    // The form paints its first sections at once and the rest one per task after
    // (docs/decisions/0065-register-horse-first-paint.md): wait for the field rather than expect it
    // at once.
    try {
      await input.waitFor({ timeout: 15_000 });
    } catch {
      return { measured: false, reason: `no "${field}" field` };
    }
    await input.click();
    await page.evaluate(() => {
      const w = window as unknown as { __latencies: number[] };
      w.__latencies = [];
      document.addEventListener(
        'keydown',
        (event) => {
          const start = event.timeStamp;
          requestAnimationFrame(() => {
            const channel = new MessageChannel();
            channel.port1.onmessage = () => w.__latencies.push(performance.now() - start);
            channel.port2.postMessage(null);
          });
        },
        true,
      );
    });
    await page.keyboard.type('warm up the form', { delay: 20 });
    await input.fill('');
    await page.evaluate(() => ((window as unknown as { __latencies: number[] }).__latencies = []));
    const text = 'Tennessee Walking Horse x Racking Horse '.repeat(10).slice(0, keystrokes);
    await page.keyboard.type(text, { delay: 25 });
    await page.waitForTimeout(200);
    const samples = await page.evaluate(
      () => (window as unknown as { __latencies: number[] }).__latencies,
    );
    const sorted = [...samples].sort((a, b) => a - b);
    return {
      measured: true,
      field,
      samples: sorted.length,
      p50: round(percentile(sorted, 50)),
      p95: round(percentile(sorted, 95)),
      max: round(sorted.at(-1) ?? NaN),
    };
  } finally {
    await context.close();
  }
}
