/**
 * Waiting for things that happen a moment later: change notifications from PostgreSQL arrive
 * on their own connection, a cut connection is noticed when its socket closes.
 */
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Retries an assertion until it passes; after `timeoutMs` its last failure is thrown. */
export async function eventually(check: () => Promise<void>, timeoutMs = 2_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await check();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await pause(20);
    }
  }
}

/** Waits until `condition` holds; throws naming `what` after `timeoutMs`. */
export async function until(condition: () => boolean, what: string, timeoutMs = 5_000) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await pause(20);
  }
}
