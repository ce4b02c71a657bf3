import { Fragment, type ReactNode } from 'react';
import {
  CCard,
  CCardBody,
  CTable,
  CTableBody,
  CTableHead,
  CTableHeaderCell,
  CTableRow,
} from '@coreui/react';

/** The rows of a list and how each is told apart (React's key). */
interface Rows<T> {
  items: readonly T[];
  keyOf: (item: T) => string;
}

/**
 * A list's table in a card, for tablets and wider; `busy` while the next page loads. `columns`
 * are the header cells: a text is a plain column header, anything else (a sortable header) is
 * drawn as given; `actions` adds the row-actions column. `children` draws one row's cells.
 */
export function TableCard<T>({
  label,
  busy,
  columns,
  actions = false,
  items,
  keyOf,
  children,
}: Rows<T> & {
  label: string;
  busy?: boolean;
  columns: readonly ReactNode[];
  actions?: boolean;
  children: (item: T) => ReactNode;
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
          <CTableHead>
            <CTableRow>
              {columns.map((column, index) =>
                typeof column === 'string' ? (
                  <CTableHeaderCell key={column} scope="col">
                    {column}
                  </CTableHeaderCell>
                ) : (
                  <Fragment key={index}>{column}</Fragment>
                ),
              )}
              {actions && <ActionsHeaderCell />}
            </CTableRow>
          </CTableHead>
          <CTableBody>
            {items.map((item) => (
              <CTableRow key={keyOf(item)}>{children(item)}</CTableRow>
            ))}
          </CTableBody>
        </CTable>
      </CCardBody>
    </CCard>
  );
}

/** The same list as a column of cards, for phones: `children` draws one card's body. */
export function CardList<T>({
  label,
  busy,
  items,
  keyOf,
  children,
}: Rows<T> & {
  label: string;
  busy?: boolean;
  children: (item: T) => ReactNode;
}) {
  return (
    <ul className="list-unstyled d-grid gap-2 mb-0" aria-label={label} aria-busy={busy}>
      {items.map((item) => (
        <li key={keyOf(item)}>
          <CCard>
            <CCardBody className="p-3">{children(item)}</CCardBody>
          </CCard>
        </li>
      ))}
    </ul>
  );
}

/** The header of a row-actions column: no visible text, but screen readers name the column. */
function ActionsHeaderCell() {
  return (
    <CTableHeaderCell scope="col">
      <span className="visually-hidden">Actions</span>
    </CTableHeaderCell>
  );
}

/** React's key of a horse row. */
export const horseKey = (horse: { _id: string }) => horse._id;
