import { beforeEach } from 'vitest';
import { withFakeTransport, type Serve } from './fake-transport';
import { memberLoginResult, storeSession } from './fixtures';

/**
 * For a test file whose tests all run as the demo member against fake servers: the hooks of
 * `withFakeTransport`, and the member's session stored before each test. Returns `serve`.
 */
export function serveSignedInMember(): Serve {
  const serve = withFakeTransport();
  beforeEach(() => {
    storeSession(memberLoginResult);
  });
  return serve;
}
