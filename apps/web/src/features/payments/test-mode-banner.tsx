import { useAppSelector } from '../../stores/hooks';

export const TEST_MODE_TEXT = 'TEST MODE: payments go to the sandbox and no money moves.';

/**
 * Shown on every page while the server takes payments with its sandbox (docs/operations.md,
 * "Payments"), so nobody mistakes a trial for the live registry. A named section, so a landmark
 * of its own: it sits above the page's header and main, and screen-reader users find it in
 * the landmark list (axe "region", e2e/a11y.e2e.test.ts).
 */
export function TestModeBanner() {
  const testMode = useAppSelector((state) => state.ui.paymentsTestMode);
  if (!testMode) return null;
  return (
    <section
      aria-label="Test mode"
      data-testid="test-mode-banner"
      className="bg-warning text-dark text-center small fw-semibold py-1 px-2"
    >
      {TEST_MODE_TEXT}
    </section>
  );
}
