import { CTableHeaderCell } from '@coreui/react';
import type { SortState } from '../lib/admin-types';

interface SortProps<F extends string> {
  field: F;
  label: string;
  sort: SortState<F>;
  onSort: (next: SortState<F>) => void;
}

/** The aria-sort of a column sorted by `fields` (one, or one of several shown together). */
function ariaSortOf<F extends string>(sort: SortState<F>, fields: readonly F[]) {
  if (!fields.includes(sort.field)) return 'none';
  return sort.order === 'asc' ? 'ascending' : 'descending';
}

/** The button that sorts by one field: ascending first, then the other way round. */
export function SortButton<F extends string>({ field, label, sort, onSort }: SortProps<F>) {
  const active = sort.field === field;
  return (
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
  );
}

/**
 * A column header that sorts the list: a real button inside the header cell, with
 * aria-sort on the cell so screen readers hear the current order.
 */
export function SortableHeader<F extends string>(props: SortProps<F>) {
  return (
    <CTableHeaderCell scope="col" aria-sort={ariaSortOf(props.sort, [props.field])}>
      <SortButton {...props} />
    </CTableHeaderCell>
  );
}

/**
 * The header of a column that shows two fields stacked (a name over an email): a sort
 * button for each.
 */
export function SortableHeaderPair<F extends string>({
  fields,
  sort,
  onSort,
}: {
  fields: readonly [{ field: F; label: string }, { field: F; label: string }];
  sort: SortState<F>;
  onSort: (next: SortState<F>) => void;
}) {
  return (
    <CTableHeaderCell
      scope="col"
      aria-sort={ariaSortOf(
        sort,
        fields.map((f) => f.field),
      )}
    >
      <SortButton {...fields[0]} sort={sort} onSort={onSort} />
      <span aria-hidden="true" className="text-body-secondary">
        {' / '}
      </span>
      <SortButton {...fields[1]} sort={sort} onSort={onSort} />
    </CTableHeaderCell>
  );
}
