import { CFormCheck } from '@coreui/react';
import {
  STAFF_ROLES,
  STAFF_ROLE_DESCRIPTIONS,
  STAFF_ROLE_LABELS,
  type StaffRole,
} from '@registry/domain';

/**
 * The four staff roles as radio buttons, each with what it may do: a fieldset the keyboard
 * moves through with the arrow keys, named by its legend.
 */
export function RoleChoice({
  name,
  value,
  onChange,
  disabled,
  error,
}: {
  name: string;
  value: StaffRole | '';
  onChange: (role: StaffRole) => void;
  disabled?: boolean;
  error?: string | undefined;
}) {
  const errorId = `${name}-error`;
  return (
    <fieldset className="mb-3" aria-describedby={error ? errorId : undefined}>
      <legend className="form-label fs-6 mb-2">Role</legend>
      {STAFF_ROLES.map((role) => (
        <CFormCheck
          key={role}
          type="radio"
          id={`${name}-${role}`}
          name={name}
          value={role}
          checked={value === role}
          disabled={disabled}
          invalid={Boolean(error)}
          onChange={() => onChange(role)}
          label={
            <>
              <span className="fw-semibold">{STAFF_ROLE_LABELS[role]}</span>
              <span className="d-block small text-body-secondary">
                {STAFF_ROLE_DESCRIPTIONS[role]}
              </span>
            </>
          }
          className="mb-2"
        />
      ))}
      {error && (
        <div id={errorId} className="invalid-feedback d-block">
          {error}
        </div>
      )}
    </fieldset>
  );
}
