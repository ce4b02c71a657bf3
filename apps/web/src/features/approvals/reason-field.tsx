import { useCallback, useState } from 'react';
import { CFormLabel, CFormTextarea } from '@coreui/react';
import { REJECTION_REASON_MAX } from '@registry/domain';
import { useDecisionAction } from '../../components/changed-since-notice';
import type { ApiError } from '../../lib/api-client';

/**
 * A decision that may be a rejection with a reason: the reason typed, its error (ours when it
 * is missing, or the server's `fields.reason`), the decision action with its conflict, and
 * `reset` for a dialog opened on another record. `field` goes to ReasonField.
 */
export function useReasonedDecision() {
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const { action, conflict, clearConflict } = useDecisionAction((failure: ApiError) => {
    if (!failure.fields?.reason) return failure.error;
    setReasonError(failure.fields.reason);
    return null;
  });
  const { fail } = action;
  const reset = useCallback(() => {
    setReason('');
    setReasonError(null);
    clearConflict();
    fail(null);
  }, [clearConflict, fail]);
  return {
    action,
    conflict,
    clearConflict,
    reset,
    /** The reason as sent: without the spaces around it. */
    reason: reason.trim(),
    /** Shows `message` at the field and answers true when no reason was typed. */
    lacksReason: (message: string) => {
      if (reason.trim()) return false;
      setReasonError(message);
      return true;
    },
    field: {
      value: reason,
      error: reasonError,
      onChange: (value: string) => {
        setReason(value);
        setReasonError(null);
      },
    },
  };
}

/** The reason a rejection gives the owner: required, shown under the field when missing. */
export function ReasonField({
  id,
  rows,
  value,
  error,
  disabled,
  onChange,
}: {
  id: string;
  rows: number;
  value: string;
  error: string | null;
  disabled: boolean;
  onChange: (value: string) => void;
}) {
  const errorId = `${id}-error`;
  return (
    <>
      <CFormLabel htmlFor={id}>Reason (shown to the owner) *</CFormLabel>
      <CFormTextarea
        id={id}
        rows={rows}
        maxLength={REJECTION_REASON_MAX}
        value={value}
        disabled={disabled}
        invalid={Boolean(error)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      {error && (
        <div id={errorId} className="invalid-feedback d-block">
          {error}
        </div>
      )}
    </>
  );
}
