import type {
  LedgerEntry,
  LedgerReversal,
  PaymentRecordStatus,
  Reconciliation,
} from '@registry/domain';
import type { Page } from '../../lib/horse-types';
import { queryState, serverApi, type Answer } from '../../stores/server-api';

/** The office's payments ledger (docs/api.md "Payments ledger"). */

export const LEDGER_PAGE_SIZE = 25;

export type LedgerMethod = LedgerEntry['method'];

export interface LedgerFilters {
  q: string;
  status: PaymentRecordStatus | '';
  method: LedgerMethod | '';
  /** YYYY-MM-DD, days in the viewer's time zone. */
  from: string;
  to: string;
}

export const EMPTY_LEDGER_FILTERS: LedgerFilters = {
  q: '',
  status: '',
  method: '',
  from: '',
  to: '',
};

/** The viewer's time zone: the ledger's dates and the reconciliation's days are the office's. */
export function viewerTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** The filters in use (a date only when it is a whole date) and the time zone. */
export function ledgerFilterQuery(filters: LedgerFilters): Record<string, string> {
  const query: Record<string, string> = { tz: viewerTimeZone() };
  if (filters.q.trim()) query.q = filters.q.trim();
  if (filters.status) query.status = filters.status;
  if (filters.method) query.method = filters.method;
  if (/^\d{4}-\d{2}-\d{2}$/.test(filters.from)) query.from = filters.from;
  if (/^\d{4}-\d{2}-\d{2}$/.test(filters.to)) query.to = filters.to;
  return query;
}

export const ledgerExportUrl = (filters: LedgerFilters) =>
  `admin/payments/export.csv?${new URLSearchParams(ledgerFilterQuery(filters)).toString()}`;

interface ReverseRequest {
  paymentId: string;
  /** The status the office saw: the server refuses (409) when it changed since. */
  status: PaymentRecordStatus;
  reason: string;
}

const ledgerApi = serverApi.injectEndpoints({
  endpoints: (build) => ({
    paymentsLedger: build.query<Page<LedgerEntry>, Record<string, string | number>>({
      query: (params) => ({ url: 'admin/payments', params }),
      providesTags: ['Payment'],
    }),
    reconciliation: build.query<Reconciliation, { from: string; to: string; tz: string }>({
      query: (params) => ({ url: 'admin/payments/reconciliation', params }),
      providesTags: ['Payment'],
    }),
    reversePayment: build.mutation<
      Answer<{ reversal: LedgerReversal; payment: LedgerEntry }>,
      ReverseRequest
    >({
      query: ({ paymentId, status, reason }) => ({
        url: `admin/payments/${encodeURIComponent(paymentId)}/reverse`,
        method: 'post',
        body: { status, reason: reason.trim() },
      }),
      // The horse's payment status moves with it (Horse List, dashboard counts).
      invalidatesTags: ['Payment', 'Horse'],
    }),
  }),
});

/** GET admin/payments: one page of the ledger, newest first. */
export function usePaymentsLedger(filters: LedgerFilters, page: number) {
  return queryState(
    ledgerApi.usePaymentsLedgerQuery({
      ...ledgerFilterQuery(filters),
      page,
      pageSize: LEDGER_PAGE_SIZE,
    }),
  );
}

/** GET admin/payments/reconciliation for whole days `from`..`to`. */
export function useReconciliation(from: string, to: string) {
  return queryState(ledgerApi.useReconciliationQuery({ from, to, tz: viewerTimeZone() }));
}

/** POST admin/payments/:id/reverse; the lists showing payments and horses ask again. */
export const useReversePayment = () => ledgerApi.useReversePaymentMutation()[0];
