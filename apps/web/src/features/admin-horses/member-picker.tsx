import { useEffect, useId, useState } from 'react';
import {
  CButton,
  CFormInput,
  CFormLabel,
  CListGroup,
  CListGroupItem,
  CSpinner,
} from '@coreui/react';
import type { Member } from '../../lib/admin-types';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { searchMembers } from './api';

export type PickedMember = Pick<Member, 'id' | 'name' | 'email' | 'memberNumber' | 'active'>;

/**
 * Finds a member by name, email or member number and picks one. The results are buttons in a
 * list (not a combobox), which keyboard and screen-reader users can reach without tricks.
 */
export function MemberPicker({
  label,
  value,
  onChange,
  excludeId,
  disabled,
  allowInactive = false,
}: {
  label: string;
  value: PickedMember | null;
  onChange: (member: PickedMember | null) => void;
  excludeId?: string | undefined;
  disabled?: boolean;
  /** Filters may pick anyone; a new owner must be active. */
  allowInactive?: boolean;
}) {
  const id = useId();
  const [q, setQ] = useState('');
  const search = useDebouncedValue(q, 250);
  const [results, setResults] = useState<Member[]>([]);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!search.trim() || value) {
      setResults([]);
      return;
    }
    const controller = new AbortController();
    setLoading(true);
    setError(null);
    searchMembers(search.trim(), controller.signal).then(
      (members) => {
        setResults(members.filter((m) => m.id !== excludeId));
        setLoading(false);
      },
      (caught: { error: string; canceled?: boolean }) => {
        if (caught.canceled) return;
        setError(caught.error);
        setLoading(false);
      },
    );
    return () => controller.abort();
  }, [search, value, excludeId]);

  if (value) {
    return (
      <div>
        <span className="form-label d-block">{label}</span>
        <div className="d-flex align-items-center gap-2 border rounded p-2">
          <span className="flex-grow-1">
            <strong>{value.name || value.email}</strong>
            {value.memberNumber && ` · no. ${value.memberNumber}`}
            <span className="d-block small text-body-secondary">{value.email}</span>
          </span>
          <CButton
            size="sm"
            color="secondary"
            variant="outline"
            disabled={disabled}
            onClick={() => {
              onChange(null);
              setQ('');
            }}
          >
            Change<span className="visually-hidden"> {label.toLowerCase()}</span>
          </CButton>
        </div>
      </div>
    );
  }

  return (
    <div>
      <CFormLabel htmlFor={id}>{label}</CFormLabel>
      <CFormInput
        id={id}
        type="search"
        placeholder="Name, email or member number"
        value={q}
        disabled={disabled}
        autoComplete="off"
        onChange={(event) => setQ(event.target.value)}
      />
      <div aria-live="polite" className="small mt-1">
        {loading && (
          <span>
            <CSpinner size="sm" className="me-1" aria-hidden="true" />
            Searching…
          </span>
        )}
        {error && <span className="text-danger">{error}</span>}
        {!loading && !error && search.trim() && results.length === 0 && 'No member found.'}
      </div>
      {results.length > 0 && (
        <CListGroup className="mt-1" aria-label={`${label}: results`}>
          {results.map((member) => (
            <CListGroupItem
              key={member.id}
              as="button"
              type="button"
              disabled={!allowInactive && !member.active}
              onClick={() => onChange(member)}
            >
              <strong>{member.name || member.email}</strong>
              {member.memberNumber && ` · no. ${member.memberNumber}`}
              <span className="d-block small text-body-secondary">
                {member.email}
                {!member.active && ' · inactive'}
              </span>
            </CListGroupItem>
          ))}
        </CListGroup>
      )}
    </div>
  );
}
