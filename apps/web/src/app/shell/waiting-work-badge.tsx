import { useEffect, useState } from 'react';
import { WAITING_WORK_CAP, type WaitingWork } from '@registry/domain';
import { serverApi } from '../../stores/server-api';
import { afterFirstPageShown } from '../routes/first-page-shown';

/** How often the menu asks again; decisions refresh it at once (their tags). */
const POLL_MS = 60_000;

const waitingWorkApi = serverApi.injectEndpoints({
  endpoints: (build) => ({
    waitingWork: build.query<WaitingWork, void>({
      query: () => 'admin/waiting-work',
      providesTags: ['Horse', 'ChangeRequest', 'Payment'],
    }),
  }),
});

/** "99+" past the cap: the menu says a queue is long, not how long. */
export function waitingLabel(n: number): string {
  return n > WAITING_WORK_CAP ? `${WAITING_WORK_CAP}+` : String(n);
}

/**
 * The office's count of decisions waiting (registrations and change requests), beside the
 * approval queue in the menu (issue 29 §3). Asked once the first page is on screen, so the page
 * itself never waits for it, then every minute.
 */
export function WaitingWorkBadge() {
  const [ready, setReady] = useState(false);
  useEffect(() => afterFirstPageShown(() => setReady(true)), []);
  const { data } = waitingWorkApi.useWaitingWorkQuery(undefined, {
    skip: !ready,
    pollingInterval: POLL_MS,
  });
  const waiting = data ? data.registrations + data.changeRequests + data.memberTransfers : 0;
  if (waiting === 0) return null;
  return (
    <span
      className="badge bg-warning text-dark position-absolute top-50 end-0 translate-middle-y me-3"
      data-testid="waiting-work"
    >
      {waitingLabel(waiting)}
      <span className="visually-hidden"> waiting for a decision</span>
    </span>
  );
}
