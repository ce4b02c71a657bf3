/**
 * Sign-out ends the session on the server too
 * (docs/decisions/0045-sign-out-revokes-the-server-session.md). The local sign-out never waits for
 * it: the request is fired and forgotten, with `keepalive` so it still leaves when the page is
 * closed or navigated away right after.
 */
export type RevokeSender = (token: string) => void;

const viaFetch: RevokeSender = (token) => {
  try {
    void fetch('/api/auth/logout', {
      method: 'POST',
      keepalive: true,
      headers: { Authorization: `Bearer ${token}` },
    }).catch(() => undefined);
  } catch {
    // No fetch (very old browser) or a refused request: the token still expires on its own.
  }
};

let sender: RevokeSender = viaFetch;

/** Tests record what would be sent instead of sending it; null restores the real sender. */
export function setRevokeSender(next: RevokeSender | null): void {
  sender = next ?? viaFetch;
}

/** Asks the server to close the session of `token`, without waiting for an answer. */
export function revokeInBackground(token: string | null): void {
  if (token) sender(token);
}
