import { GENERIC_MESSAGES } from '@registry/domain';
import type { ApiError } from './api-client';

/**
 * The server's own message for a failed call, else the screen's fallback (spec §8: "the
 * server's error, else ..."). A body that was not an API answer (a proxy's error page) has
 * no message of its own, only the client's generic one.
 */
export function messageOr(caught: unknown, fallback: string): string {
  const message = (caught as Partial<ApiError> | null)?.error;
  if (!message || message === GENERIC_MESSAGES.serverError) return fallback;
  return message;
}
