import type { ReactNode } from 'react';
import { CCard, CCardBody, CTable, CTableHeaderCell } from '@coreui/react';

/** A list's table in a card, for tablets and wider; `busy` while the next page loads. */
export function TableCard({
  label,
  busy,
  children,
}: {
  label: string;
  busy?: boolean;
  children: ReactNode;
}) {
  return (
    <CCard>
      <CCardBody className="p-0">
        <CTable
          responsive
          hover
          align="middle"
          className="mb-0"
          aria-label={label}
          aria-busy={busy}
        >
          {children}
        </CTable>
      </CCardBody>
    </CCard>
  );
}

/** The same list as a column of cards, for phones: `children` are its <li> items. */
export function CardList({
  label,
  busy,
  children,
}: {
  label: string;
  busy?: boolean;
  children: ReactNode;
}) {
  return (
    <ul className="list-unstyled d-grid gap-2 mb-0" aria-label={label} aria-busy={busy}>
      {children}
    </ul>
  );
}

/** The header of a row-actions column: no visible text, but screen readers name the column. */
export function ActionsHeaderCell() {
  return (
    <CTableHeaderCell scope="col">
      <span className="visually-hidden">Actions</span>
    </CTableHeaderCell>
  );
}
