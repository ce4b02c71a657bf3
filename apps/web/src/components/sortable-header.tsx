import { CTableHeaderCell } from '@coreui/react';
import type { SortState } from '../lib/admin-types';

/**
 * A column header that sorts the list: a real button inside the header cell, with
 * aria-sort on the cell so screen readers hear the current order.
 */
export function SortableHeader<F extends string>({
  field,
  label,
  sort,
  onSort,
}: {
  field: F;
  label: string;
  sort: SortState<F>;
  onSort: (next: SortState<F>) => void;
}) {
  const active = sort.field === field;
  const ariaSort = active ? (sort.order === 'asc' ? 'ascending' : 'descending') : 'none';
  return (
    <CTableHeaderCell scope="col" aria-sort={ariaSort}>
      <button
        type="button"
        className="btn btn-link p-0 text-reset fw-semibold text-decoration-none text-nowrap"
        onClick={() => onSort({ field, order: active && sort.order === 'asc' ? 'desc' : 'asc' })}
      >
        {label}
        <span aria-hidden="true" className="ms-1 text-body-secondary">
          {active ? (sort.order === 'asc' ? '▲' : '▼') : '↕'}
        </span>
        <span className="visually-hidden">, sort</span>
      </button>
    </CTableHeaderCell>
  );
}
