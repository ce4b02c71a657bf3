import type { PaidSummary } from '../features/horses/api/use-horses';
import type { HttpRequest } from '../lib/api-client';
import { okReply, type FakeReply } from './fake-transport';

/** Where a horse's paid summary is asked for (GET members/horses/:id/paid). */
export const paidSummaryUrl = (horseId: string) => `members/horses/${horseId}/paid`;

/** For `serve`: a fake API answering `paid` for the horse's paid summary and `other` to the rest. */
export function answeringPaid(horseId: string, paid: PaidSummary, other: FakeReply) {
  return (request: HttpRequest): FakeReply =>
    request.url === paidSummaryUrl(horseId) ? okReply(paid) : other;
}
