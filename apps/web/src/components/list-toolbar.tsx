import type { ReactNode } from 'react';
import { CButton, CFormInput, CFormLabel, CFormSelect } from '@coreui/react';

/**
 * The search landmark above a list; filtering happens as the user types, so it never submits.
 * `onClear`, given while some filter is set, adds a Clear filters button at the end.
 */
export function ListToolbar({
  label,
  className = 'row g-2 align-items-end mb-3',
  onClear,
  children,
}: {
  label: string;
  className?: string;
  onClear?: () => void;
  children: ReactNode;
}) {
  return (
    <form
      className={className}
      role="search"
      aria-label={label}
      onSubmit={(e) => e.preventDefault()}
    >
      {children}
      {onClear && <ClearFiltersButton onClick={onClear} />}
    </form>
  );
}

/** A labelled search box in a grid column of the toolbar. */
export function SearchField({
  id,
  label,
  value,
  onChange,
  className,
  placeholder,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** The grid column classes. */
  className: string;
  placeholder?: string;
}) {
  return (
    <div className={className}>
      <CFormLabel htmlFor={id}>{label}</CFormLabel>
      <CFormInput
        id={id}
        type="search"
        placeholder={placeholder}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}

/** A labelled select whose first choice (`anyLabel`, value '') means "do not filter". */
export function FilterSelect({
  id,
  label,
  value,
  onChange,
  choices,
  anyLabel = 'Any',
  className,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** [value, text] pairs. */
  choices: ReadonlyArray<readonly [string, string]>;
  anyLabel?: string;
  /** The grid column classes. */
  className: string;
}) {
  return (
    <div className={className}>
      <CFormLabel htmlFor={id}>{label}</CFormLabel>
      <CFormSelect id={id} value={value} onChange={(event) => onChange(event.target.value)}>
        <option value="">{anyLabel}</option>
        {choices.map(([choice, text]) => (
          <option key={choice} value={choice}>
            {text}
          </option>
        ))}
      </CFormSelect>
    </div>
  );
}

/** Shown in the toolbar only while some filter is set. */
function ClearFiltersButton({ onClick }: { onClick: () => void }) {
  return (
    <div className="col-12">
      <CButton color="secondary" variant="ghost" size="sm" onClick={onClick}>
        Clear filters
      </CButton>
    </div>
  );
}
