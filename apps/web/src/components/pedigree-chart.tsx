import './pedigree-cells.css';
import './pedigree-chart.css';
import { normalizeRegistrationNumber, type RegisteredAncestor } from '@registry/domain';
import { useRegisteredAncestors } from '../lib/registered-ancestors';
export interface PedigreePerson {
  name?: string | null;
  reg?: string | null;
}

/** One side of the chart: the parent and the four ancestors the registry records for it. */
export interface PedigreeLine {
  parent?: PedigreePerson | null;
  grandSire?: PedigreePerson | null;
  grandDam?: PedigreePerson | null;
  greatGrandSire?: PedigreePerson | null;
  greatGrandDam?: PedigreePerson | null;
}

type Registered = Map<string, RegisteredAncestor>;

function Person({
  role,
  person,
  row,
  span,
  column,
  registered,
}: {
  role: string;
  person: PedigreePerson | null | undefined;
  row: number;
  span: number;
  column: number;
  registered: Registered;
}) {
  const name = person?.name?.trim();
  const reg = person?.reg?.trim();
  const record = reg && column > 1 ? registered.get(normalizeRegistrationNumber(reg)) : undefined;
  return (
    <div
      className="pedigree-cell"
      data-generation={column - 1}
      style={{ gridColumn: column, gridRow: `${row} / span ${span}` }}
      role="listitem"
    >
      <span className="pedigree-role">{role}</span>
      <span className={name ? 'pedigree-name' : 'pedigree-name text-body-secondary'}>
        {name || 'Unknown'}
      </span>
      {record ? (
        // A registered ancestor opens its record's public check (the /verify page).
        <a
          className="pedigree-reg"
          href={`/verify/${encodeURIComponent(record.registrationNumber)}`}
          target="_blank"
          rel="noopener"
        >
          {record.registrationNumber}
          <span className="visually-hidden"> (registered: open its record in a new tab)</span>
        </a>
      ) : (
        reg && <span className="pedigree-reg">{reg}</span>
      )}
    </div>
  );
}

/**
 * Where a side's people sit, counted from the side's first row (the parent's column is 2):
 * the line's field, the role shown (null: the side's own, Sire or Dam), the rows and columns
 * further on, and how many rows the cell spans.
 */
const SIDE_PLACES: ReadonlyArray<
  readonly [
    field: keyof PedigreeLine,
    role: string | null,
    row: number,
    column: number,
    span: number,
  ]
> = [
  ['parent', null, 0, 0, 4],
  ['grandSire', 'Grand sire', 0, 1, 2],
  ['grandDam', 'Grand dam', 2, 1, 2],
  ['greatGrandSire', 'Great-grand sire', 0, 2, 2],
  ['greatGrandDam', 'Great-grand dam', 2, 2, 2],
];

function side(line: PedigreeLine, parentRole: string, firstRow: number, registered: Registered) {
  return SIDE_PLACES.map(([field, role, row, column, span]) => (
    <Person
      key={`${parentRole}-${field}`}
      role={role ?? parentRole}
      person={line[field]}
      row={firstRow + row}
      span={span}
      column={2 + column}
      registered={registered}
    />
  ));
}

/**
 * A three-generation pedigree as a CSS grid: the horse, then sire and dam, then for each side
 * the grand sire and grand dam and the great-grand sire and dam the registry records. Ancestors
 * whose number is an approved horse of the register link to it. On a phone the grid becomes
 * one indented column (pedigree-chart.css), so nothing scrolls sideways.
 */
export function PedigreeChart({
  subject,
  sire,
  dam,
  label = 'Pedigree',
}: {
  subject: PedigreePerson;
  sire: PedigreeLine;
  dam: PedigreeLine;
  label?: string;
}) {
  const people = [sire, dam].flatMap((line) => SIDE_PLACES.map(([field]) => line[field]));
  const { registered } = useRegisteredAncestors(people.map((person) => person?.reg));
  return (
    <div className="pedigree-scroll">
      <div className="pedigree-chart" role="list" aria-label={label}>
        <Person role="Horse" person={subject} row={1} span={8} column={1} registered={registered} />
        {side(sire, 'Sire', 1, registered)}
        {side(dam, 'Dam', 5, registered)}
      </div>
    </div>
  );
}
