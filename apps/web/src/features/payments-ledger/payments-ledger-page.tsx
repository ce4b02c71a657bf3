import { useState } from 'react';
import { CButton, CNav, CNavItem, CNavLink } from '@coreui/react';
import { LEDGER_METHODS, PAYMENT_RECORD_STATUSES, type LedgerEntry } from '@registry/domain';
import { PageHeader } from '../../components/page-header';
import { PagedList, countOf, type ListWords } from '../../components/list-states';
import { ListToolbar } from '../../components/list-toolbar';
import { FILTER_COLUMNS, FilterFields, type FilterField } from '../../components/filter-fields';
import type { ApiError } from '../../lib/api-client';
import { downloadFromApi } from '../../lib/download';
import { ROUTES } from '../../lib/routes';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { useListQuery } from '../../lib/use-list-query';
import { useToast } from '../../stores/use-toast';
import {
  EMPTY_LEDGER_FILTERS,
  LEDGER_PAGE_SIZE,
  ledgerExportUrl,
  usePaymentsLedger,
  type LedgerFilters,
} from './api';
import { Ledger } from './ledger-table';
import { METHOD_LABELS, RECORD_STATUS_LABELS } from './labels';
import { ReconciliationView } from './reconciliation';
import { DateField } from './date-field';
import { ReverseDialog } from './reverse-dialog';
import { useStaffMay } from '../../stores/use-staff-role';

const WORDS: ListWords = {
  rows: 'Payments',
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
const FIELDS: ReadonlyArray<FilterField<LedgerFilters>> = [
  { search: 'q', label: 'Horse, member, reference or payment id', column: FILTER_COLUMNS.wide },
  { select: 'status', label: 'Status', column: FILTER_COLUMNS.narrow, choices: STATUS_CHOICES },
  { select: 'method', label: 'Method', column: FILTER_COLUMNS.narrow, choices: METHOD_CHOICES },
];

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
  const paging = { page, setPage, pageSize: LEDGER_PAGE_SIZE };
  const q = useDebouncedValue(filters.q, 300);
  const shown = { ...filters, q };
  const query = usePaymentsLedger(shown, page);
  const [reversing, setReversing] = useState<LedgerEntry | null>(null);
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
          <ListToolbar label="Filter payments" onClear={filtered ? clearFilters : undefined}>
            <FilterFields
              idPrefix="payments"
              fields={FIELDS}
              filters={filters}
              setFilter={setFilter}
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
          </ListToolbar>

          <PagedList query={query} paging={paging} words={WORDS} filtered={filtered}>
            {(entries, rows) => (
              <Ledger
                entries={entries}
                {...rows}
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
