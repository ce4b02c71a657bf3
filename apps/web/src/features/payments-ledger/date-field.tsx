import { CFormInput, CFormLabel } from '@coreui/react';

/** A labelled date input in a filter toolbar (the ledger's and the reconciliation's ranges). */
export function DateField({
  id,
  label,
  value,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <div className="col-6 col-md-3 col-lg-2">
      <CFormLabel htmlFor={id}>{label}</CFormLabel>
      <CFormInput
        id={id}
        type="date"
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}
