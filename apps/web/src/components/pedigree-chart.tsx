import './pedigree-chart.css';
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

function Person({
  role,
  person,
  row,
  span,
  column,
}: {
  role: string;
  person: PedigreePerson | null | undefined;
  row: number;
  span: number;
  column: number;
}) {
  const name = person?.name?.trim();
  return (
    <div
      className="pedigree-cell"
      style={{ gridColumn: column, gridRow: `${row} / span ${span}` }}
      role="listitem"
    >
      <span className="pedigree-role">{role}</span>
      <span className={name ? 'pedigree-name' : 'pedigree-name text-body-secondary'}>
        {name || 'Unknown'}
      </span>
      {person?.reg?.trim() && <span className="pedigree-reg">{person.reg}</span>}
    </div>
  );
}

function side(line: PedigreeLine, parentRole: string, firstRow: number, column = 2) {
  return [
    <Person
      key={`${parentRole}-p`}
      role={parentRole}
      person={line.parent}
      row={firstRow}
      span={4}
      column={column}
    />,
    <Person
      key={`${parentRole}-gs`}
      role="Grand sire"
      person={line.grandSire}
      row={firstRow}
      span={2}
      column={column + 1}
    />,
    <Person
      key={`${parentRole}-gd`}
      role="Grand dam"
      person={line.grandDam}
      row={firstRow + 2}
      span={2}
      column={column + 1}
    />,
    <Person
      key={`${parentRole}-ggs`}
      role="Great-grand sire"
      person={line.greatGrandSire}
      row={firstRow}
      span={2}
      column={column + 2}
    />,
    <Person
      key={`${parentRole}-ggd`}
      role="Great-grand dam"
      person={line.greatGrandDam}
      row={firstRow + 2}
      span={2}
      column={column + 2}
    />,
  ];
}

/**
 * A three-generation pedigree as a CSS grid: the horse, then sire and dam, then for each side
 * the grand sire and grand dam and the great-grand sire and dam the registry records.
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
  return (
    <div className="pedigree-scroll">
      <div className="pedigree-chart" role="list" aria-label={label}>
        <Person role="Horse" person={subject} row={1} span={8} column={1} />
        {side(sire, 'Sire', 1)}
        {side(dam, 'Dam', 5)}
      </div>
    </div>
  );
}
