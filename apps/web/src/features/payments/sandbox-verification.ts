import { useSyncExternalStore } from 'react';

/**
 * The sandbox's stand-in for the card issuer's check (3-D Secure), shown inside the payment's
 * own dialog rather than in a new tab: a tab opened after the payment call returns is outside
 * the payer's click, where popup blockers stop it (issue 17 item 2). One step at a time.
 */
export interface SandboxVerificationStep {
  /** The sandbox approval URL of the payment (docs/api.md "Payments"). */
  url: string;
  decide(decision: 'approve' | 'decline'): Promise<void>;
  dismiss(): void;
}

let current: SandboxVerificationStep | null = null;
const listeners = new Set<() => void>();

function set(step: SandboxVerificationStep | null) {
  current = step;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSandboxVerification(): SandboxVerificationStep | null {
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => current,
  );
}

/** Same-origin path of the approval URL: the page posts the payer's decision itself. */
function decisionPath(url: string, decision: 'approve' | 'decline'): string {
  return `${new URL(url, window.location.origin).pathname}/${decision}`;
}

/**
 * Shows the step and resolves once the payer decided (or closed it). The outcome itself is
 * then read from the server like any awaited status.
 */
export function askSandboxVerification(url: string): Promise<{ error?: string }> {
  return new Promise((resolve) => {
    const step: SandboxVerificationStep = {
      url,
      async decide(decision) {
        try {
          // The answer is a redirect for the plain HTML page; only its arrival matters here.
          await fetch(decisionPath(url, decision), { method: 'POST', redirect: 'manual' });
          resolve({});
        } catch {
          resolve({ error: 'The verification could not be sent. Please try again.' });
        } finally {
          if (current === step) set(null);
        }
      },
      dismiss() {
        if (current === step) set(null);
        resolve({});
      },
    };
    set(step);
  });
}

/** The dialog closed while the step was open: forget it. */
export function clearSandboxVerification(): void {
  current?.dismiss();
}
