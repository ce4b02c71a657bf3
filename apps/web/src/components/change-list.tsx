import { changeFieldLabel } from '@registry/domain';
import type { FieldChange } from '../lib/horse-types';

const shown = (value: string) => (value === '' ? '—' : value);

/** Changed values of a horse's record, each as "field: was -> becomes". */
export function ChangeList({
  changes,
  label = 'Changes',
}: {
  changes: FieldChange[];
  label?: string;
}) {
  if (changes.length === 0) return <p className="mb-0">No field values changed.</p>;
  return (
    <table className="table table-sm align-middle mb-0" aria-label={label}>
      <thead>
        <tr>
          <th scope="col">Field</th>
          <th scope="col">Was</th>
          <th scope="col">Becomes</th>
        </tr>
      </thead>
      <tbody>
        {changes.map((change) => (
          <tr key={change.field}>
            <th scope="row" className="fw-normal">
              {changeFieldLabel(change.field)}
            </th>
            <td>
              <del className="text-body-secondary">{shown(change.from)}</del>
            </td>
            <td>
              <ins className="text-decoration-none fw-semibold">{shown(change.to)}</ins>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
