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

function side(
  line: PedigreeLine,
  parentRole: string,
  firstRow: number,
  registered: Registered,
  column = 2,
) {
  return [
    <Person
      key={`${parentRole}-p`}
      role={parentRole}
      person={line.parent}
      row={firstRow}
      span={4}
      column={column}
      registered={registered}
    />,
    <Person
      key={`${parentRole}-gs`}
      role="Grand sire"
      person={line.grandSire}
      row={firstRow}
      span={2}
      column={column + 1}
      registered={registered}
    />,
    <Person
      key={`${parentRole}-gd`}
      role="Grand dam"
      person={line.grandDam}
      row={firstRow + 2}
      span={2}
      column={column + 1}
      registered={registered}
    />,
    <Person
      key={`${parentRole}-ggs`}
      role="Great-grand sire"
      person={line.greatGrandSire}
      row={firstRow}
      span={2}
      column={column + 2}
      registered={registered}
    />,
    <Person
      key={`${parentRole}-ggd`}
      role="Great-grand dam"
      person={line.greatGrandDam}
      row={firstRow + 2}
      span={2}
      column={column + 2}
      registered={registered}
    />,
  ];
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
  const people = [sire, dam].flatMap((line) => [
    line.parent,
    line.grandSire,
    line.grandDam,
    line.greatGrandSire,
    line.greatGrandDam,
  ]);
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
