import { useState } from 'react';
import {
  CCard,
  CCardBody,
  CTable,
  CTableBody,
  CTableDataCell,
  CTableFoot,
  CTableHead,
  CTableHeaderCell,
  CTableRow,
} from '@coreui/react';
import { formatUsd, type ReconciliationTotals } from '@registry/domain';
import { EmptyState } from '../../components/empty-state';
import { ListStates } from '../../components/list-states';
import { ListToolbar } from '../../components/list-toolbar';
import { useReconciliation } from './api';
import { DateField } from './date-field';
import { METHOD_LABELS } from './labels';

const pad2 = (n: number) => String(n).padStart(2, '0');
const dayOf = (date: Date) =>
  `${date.getFullYear()}-${pad2(date.getMonth() + 1)}-${pad2(date.getDate())}`;

/** This month so far, in the viewer's calendar. */
export function thisMonth(now = new Date()) {
  return { from: dayOf(new Date(now.getFullYear(), now.getMonth(), 1)), to: dayOf(now) };
}

function Amounts({ row }: { row: ReconciliationTotals }) {
  return (
    <>
      <CTableDataCell className="text-end">{row.payments}</CTableDataCell>
      <CTableDataCell className="text-end text-nowrap">{formatUsd(row.grossCents)}</CTableDataCell>
      <CTableDataCell className="text-end text-nowrap">
        {row.refunds > 0 ? `−${formatUsd(row.refundedCents)} (${row.refunds})` : '–'}
      </CTableDataCell>
      <CTableDataCell className="text-end text-nowrap">
        {row.disputes > 0 ? `−${formatUsd(row.disputedCents)} (${row.disputes})` : '–'}
      </CTableDataCell>
      <CTableDataCell className="text-end text-nowrap fw-semibold">
        {row.netCents < 0 ? `−${formatUsd(-row.netCents)}` : formatUsd(row.netCents)}
      </CTableDataCell>
    </>
  );
}

/**
 * Money by day and method for a chosen range (docs/api.md "Payments ledger"): payments that
 * went through on the day they were made, refunds and disputes on the day they happened; the
 * card and bank total is what the provider's payouts should add up to, before its fees.
 */
export function ReconciliationView() {
  const [range, setRange] = useState(thisMonth);
  const whole = /^\d{4}-\d{2}-\d{2}$/;
  const valid = whole.test(range.from) && whole.test(range.to) && range.from <= range.to;
  const [asked, setAsked] = useState(range);
  if (valid && (asked.from !== range.from || asked.to !== range.to)) setAsked(range);
  const query = useReconciliation(asked.from, asked.to);
  const data = query.data;
  return (
    <section aria-labelledby="reconciliation-title">
      <h2 id="reconciliation-title" className="h5">
        Reconciliation
      </h2>
      <ListToolbar label="Reconciliation dates">
        <DateField
          id="recon-from"
          label="From"
          value={range.from}
          onChange={(value) => setRange((r) => ({ ...r, from: value }))}
        />
        <DateField
          id="recon-to"
          label="To"
          value={range.to}
          onChange={(value) => setRange((r) => ({ ...r, to: value }))}
        />
        {!valid && (
          <p className="col-12 text-danger small mb-0" role="alert">
            Choose a start date on or before the end date.
          </p>
        )}
      </ListToolbar>
      <ListStates
        query={query}
        count={data?.rows.length ?? 0}
        errorLead="The reconciliation could not be loaded"
        loadingLabel="Loading the reconciliation…"
        empty={
          <EmptyState title="No money moved in these days">
            Payments, refunds and disputes appear here by the day they happened.
          </EmptyState>
        }
      >
        {data && (
          <CCard>
            <CCardBody className="p-0">
              <div className="table-scroll">
                <CTable
                  align="middle"
                  className="mb-0"
                  aria-label={`Reconciliation from ${data.from} to ${data.to}`}
                  aria-busy={query.loading}
                >
                  <CTableHead>
                    <CTableRow>
                      <CTableHeaderCell scope="col">Day</CTableHeaderCell>
                      <CTableHeaderCell scope="col">Method</CTableHeaderCell>
                      <CTableHeaderCell scope="col" className="text-end">
                        Payments
                      </CTableHeaderCell>
                      <CTableHeaderCell scope="col" className="text-end">
                        Gross
                      </CTableHeaderCell>
                      <CTableHeaderCell scope="col" className="text-end">
                        Refunded
                      </CTableHeaderCell>
                      <CTableHeaderCell scope="col" className="text-end">
                        Disputed
                      </CTableHeaderCell>
                      <CTableHeaderCell scope="col" className="text-end">
                        Net
                      </CTableHeaderCell>
                    </CTableRow>
                  </CTableHead>
                  <CTableBody>
                    {data.rows.map((row) => (
                      <CTableRow key={`${row.day}-${row.method}`}>
                        <CTableDataCell className="text-nowrap">{row.day}</CTableDataCell>
                        <CTableDataCell>{METHOD_LABELS[row.method] ?? row.method}</CTableDataCell>
                        <Amounts row={row} />
                      </CTableRow>
                    ))}
                  </CTableBody>
                  <CTableFoot>
                    <CTableRow>
                      <CTableHeaderCell scope="row" colSpan={2}>
                        Card and bank (provider payouts)
                      </CTableHeaderCell>
                      <Amounts row={data.providerTotals} />
                    </CTableRow>
                    <CTableRow>
                      <CTableHeaderCell scope="row" colSpan={2}>
                        Total
                      </CTableHeaderCell>
                      <Amounts row={data.totals} />
                    </CTableRow>
                  </CTableFoot>
                </CTable>
              </div>
            </CCardBody>
          </CCard>
        )}
      </ListStates>
      <p className="small text-body-secondary mt-2 mb-0">
        Days in {data?.timeZone ?? 'your time zone'}. The provider&apos;s own fees are not included:
        compare the card and bank net with its payouts for the same days.
      </p>
    </section>
  );
}
