import { useState } from 'react';
import { CButton, CNav, CNavItem, CNavLink } from '@coreui/react';
import { LEDGER_METHODS, PAYMENT_RECORD_STATUSES, type LedgerEntry } from '@registry/domain';
import { PageHeader } from '../../components/page-header';
import { PagedList, countOf, type ListWords } from '../../components/list-states';
import {
  ClearFiltersButton,
  FilterSelect,
  ListToolbar,
  SearchField,
} from '../../components/list-toolbar';
import type { ApiError } from '../../lib/api-client';
import { downloadFromApi } from '../../lib/download';
import { ROUTES } from '../../lib/routes';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { useListQuery } from '../../lib/use-list-query';
import { PHONE_QUERY, useMediaQuery } from '../../lib/use-media-query';
import { useToast } from '../../stores/use-toast';
import {
  EMPTY_LEDGER_FILTERS,
  LEDGER_PAGE_SIZE,
  ledgerExportUrl,
  usePaymentsLedger,
  type LedgerFilters,
} from './api';
import { LedgerCards, LedgerTable } from './ledger-table';
import { METHOD_LABELS, RECORD_STATUS_LABELS } from './labels';
import { ReconciliationView } from './reconciliation';
import { DateField } from './date-field';
import { ReverseDialog } from './reverse-dialog';
import { useStaffMay } from '../../stores/use-staff-role';

const WORDS: ListWords = {
  failed: 'The payments could not be loaded',
  loading: 'Loading payments…',
  count: (total, more) => countOf(total, 'payment', 'payments', more),
  pager: 'Payment pages',
  none: ['No payments yet', 'Payments appear here as soon as members or the office pay.'],
  noMatch: ['No payments match these filters', 'Try fewer filters or other dates.'],
};

const STATUS_CHOICES = PAYMENT_RECORD_STATUSES.map(
  (status) => [status, RECORD_STATUS_LABELS[status]] as const,
);
const METHOD_CHOICES = LEDGER_METHODS.map((method) => [method, METHOD_LABELS[method]] as const);

type Tab = 'ledger' | 'reconciliation';

/**
 * The office's payments (issue 29 §2): every charge, office payment, refund, dispute, failed
 * and pending debit, withdrawn registrations' too, with refund / void / cancel per payment, a
 * CSV export for accounting and a reconciliation by day and method.
 */
export default function PaymentsLedgerPage() {
  // Refund and void are for the roles that handle payments (the server refuses the others).
  const mayReverse = useStaffMay('payments');
  const toast = useToast();
  const [tab, setTab] = useState<Tab>('ledger');
  const { filters, page, setPage, setFilter, clearFilters } = useListQuery<LedgerFilters>(
    EMPTY_LEDGER_FILTERS,
    null,
  );
  const q = useDebouncedValue(filters.q, 300);
  const shown = { ...filters, q };
  const query = usePaymentsLedger(shown, page);
  const [reversing, setReversing] = useState<LedgerEntry | null>(null);
  const Ledger = useMediaQuery(PHONE_QUERY) ? LedgerCards : LedgerTable;
  const filtered = Object.values(filters).some((value) => value !== '');

  const exportCsv = () => {
    downloadFromApi(ledgerExportUrl(shown), 'payments.csv').catch((caught: ApiError) =>
      toast.danger(caught.error),
    );
  };

  return (
    <>
      <PageHeader
        title={ROUTES.payments.title}
        lead="Every charge, office payment, refund and dispute, withdrawn registrations' too."
        actions={
          <CButton className="text-nowrap" color="secondary" variant="outline" onClick={exportCsv}>
            Export CSV
          </CButton>
        }
      />
      <CNav variant="tabs" className="mb-3" role="tablist">
        {(
          [
            ['ledger', 'Ledger'],
            ['reconciliation', 'Reconciliation'],
          ] as const
        ).map(([key, text]) => (
          <CNavItem key={key} role="presentation">
            <CNavLink
              as="button"
              type="button"
              role="tab"
              aria-selected={tab === key}
              active={tab === key}
              onClick={() => setTab(key)}
            >
              {text}
            </CNavLink>
          </CNavItem>
        ))}
      </CNav>

      {tab === 'reconciliation' ? (
        <ReconciliationView />
      ) : (
        <>
          <ListToolbar label="Filter payments">
            <SearchField
              id="payments-q"
              label="Horse, member, reference or payment id"
              className="col-12 col-lg-4"
              value={filters.q}
              onChange={(value) => setFilter('q', value)}
            />
            <FilterSelect
              id="payments-status"
              label="Status"
              className="col-6 col-md-3 col-lg-2"
              choices={STATUS_CHOICES}
              value={filters.status}
              onChange={(value) => setFilter('status', value as LedgerFilters['status'])}
            />
            <FilterSelect
              id="payments-method"
              label="Method"
              className="col-6 col-md-3 col-lg-2"
              choices={METHOD_CHOICES}
              value={filters.method}
              onChange={(value) => setFilter('method', value as LedgerFilters['method'])}
            />
            <DateField
              id="payments-from"
              label="From"
              value={filters.from}
              onChange={(value) => setFilter('from', value)}
            />
            <DateField
              id="payments-to"
              label="To"
              value={filters.to}
              onChange={(value) => setFilter('to', value)}
            />
            {filtered && <ClearFiltersButton onClick={clearFilters} />}
          </ListToolbar>

          <PagedList
            query={query}
            paging={{ page, setPage, pageSize: LEDGER_PAGE_SIZE }}
            words={WORDS}
            filtered={filtered}
          >
            {(entries, pageCount) => (
              <Ledger
                entries={entries}
                busy={query.loading}
                label={`Payments, page ${page} of ${pageCount}`}
                onReverse={mayReverse ? setReversing : undefined}
              />
            )}
          </PagedList>
        </>
      )}

      <ReverseDialog
        entry={reversing}
        onClose={() => setReversing(null)}
        onDone={(message) => {
          toast.success(message);
          setReversing(null);
        }}
      />
    </>
  );
}
