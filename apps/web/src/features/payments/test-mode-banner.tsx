import { useAppSelector } from '../../stores/hooks';

export const TEST_MODE_TEXT = 'TEST MODE: payments go to the sandbox and no money moves.';

/**
 * Shown on every page while the server takes payments with its sandbox (docs/operations.md,
 * "Payments"), so nobody mistakes a trial for the live registry.
 */
export function TestModeBanner() {
  const testMode = useAppSelector((state) => state.ui.paymentsTestMode);
  if (!testMode) return null;
  return (
    <div
      role="note"
      data-testid="test-mode-banner"
      className="bg-warning text-dark text-center small fw-semibold py-1 px-2"
    >
      {TEST_MODE_TEXT}
    </div>
  );
}
