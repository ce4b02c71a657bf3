import './data-table.css';
import { Fragment, useEffect, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import {
  CCard,
  CCardBody,
  CTable,
  CTableBody,
  CTableHead,
  CTableHeaderCell,
  CTableRow,
} from '@coreui/react';
import { PHONE_QUERY, useMediaQuery } from '../lib/use-media-query';

/** The rows of a list and how each is told apart (React's key). */
interface Rows<T> {
  items: readonly T[];
  keyOf: (item: T) => string;
}

/** A list's table: its name, whether the next page is loading, its header cells and rows. */
interface TableProps<T> extends Rows<T> {
  label: string;
  busy?: boolean | undefined;
  columns: readonly ReactNode[];
  actions?: boolean | undefined;
}

/**
 * A list as a table on tablets and wider (TableCard, `row` drawing one row's cells) and as a
 * column of cards on phones (CardList, `card` drawing one card's body).
 */
export function TableOrCards<T>({
  row,
  card,
  ...table
}: TableProps<T> & { row: (item: T) => ReactNode; card: (item: T) => ReactNode }) {
  const { label, busy, items, keyOf } = table;
  return useMediaQuery(PHONE_QUERY) ? (
    <CardList label={label} busy={busy} items={items} keyOf={keyOf}>
      {card}
    </CardList>
  ) : (
    <TableCard {...table}>{row}</TableCard>
  );
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
}: TableProps<T> & { children: (item: T) => ReactNode }) {
  return (
    <CCard>
      <CCardBody className="p-0">
        <ScrollBox label={label}>
          <CTable
            hover
            align="middle"
            className={actions ? 'mb-0 table-with-actions' : 'mb-0'}
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
        </ScrollBox>
      </CCardBody>
    </CCard>
  );
}

/**
 * The table's own sideways-scrolling box. When the table is wider than the box, a line under
 * it says so (a cut-off column is otherwise easy to miss), the row actions stay in view at the
 * right edge (data-table.css), and the box becomes a focusable, named region, so the keyboard
 * can scroll it too.
 */
function ScrollBox({ label, children }: { label: string; children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  const [wider, setWider] = useState(false);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const measure = () => setWider(element.scrollWidth > element.clientWidth + 1);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    return () => observer.disconnect();
  }, []);
  return (
    <>
      <div
        ref={box}
        className={wider ? 'table-scroll table-scroll-wider' : 'table-scroll'}
        tabIndex={wider ? 0 : undefined}
        role={wider ? 'region' : undefined}
        aria-label={wider ? `${label}, scrolls sideways` : undefined}
      >
        {children}
      </div>
      {wider && (
        <p className="small text-body-secondary border-top mb-0 px-2 py-1">
          Some columns are out of view: scroll the table sideways →
        </p>
      )}
    </>
  );
}

/**
 * A cell's text kept short: one line with an ellipsis (or `lines` lines), no wider than
 * `width`; the whole text stays in the title (shown on hover) and for screen readers.
 */
export function ClippedText({
  text,
  width,
  lines = 1,
}: {
  text: string;
  width: string;
  lines?: number;
}) {
  const style = { '--clip-width': width, '--clip-lines': lines } as CSSProperties;
  return (
    <span className={lines > 1 ? 'cell-clip-lines' : 'cell-clip'} style={style} title={text}>
      {text}
    </span>
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
  busy?: boolean | undefined;
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
