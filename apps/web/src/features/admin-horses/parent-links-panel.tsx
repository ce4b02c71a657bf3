import { useId, useState } from 'react';
import { CButton, CFormInput, CFormLabel, CSpinner } from '@coreui/react';
import { PARENT_SIDES, type ParentSide, type RegisteredHorseRef } from '@registry/domain';
import { ChangedSinceNotice, useDecisionAction } from '../../components/changed-since-notice';
import { LoadError } from '../../components/load-states';
import { useStaffMay } from '../../stores/use-staff-role';
import { useToast } from '../../stores/use-toast';
import { useParentLinks, useSetParentLink } from './parent-links-api';

const TITLES: Record<ParentSide, string> = { sire: 'Sire', dam: 'Dam' };

function Linked({ parent }: { parent: RegisteredHorseRef | null }) {
  if (!parent) return <span className="text-body-secondary">Not linked to a record</span>;
  return (
    <a href={`/verify/${encodeURIComponent(parent.registrationNumber)}`}>
      {parent.name} ({parent.registrationNumber})
    </a>
  );
}

/**
 * The office links a horse's sire and dam to their registered records by registration number
 * (PUT admin/horses/:id/parents/:side). The link is part of what the office reviews: it names
 * the version the office has open, and a horse changed since is shown with what changed.
 */
export function ParentLinksPanel({
  horseId,
  version,
  onReviewAgain,
}: {
  horseId: string;
  /** The version of the record the office has open. */
  version: number;
  onReviewAgain: () => void;
}) {
  const links = useParentLinks(horseId);
  const setParentLink = useSetParentLink();
  const toast = useToast();
  const { action, conflict, clearConflict } = useDecisionAction();
  const [numbers, setNumbers] = useState<Record<ParentSide, string>>({ sire: '', dam: '' });
  const [busySide, setBusySide] = useState<ParentSide | null>(null);
  const formId = useId();
  // Linking is a change of the horses area; other roles see the links only (issue 29 §1).
  const mayLink = useStaffMay('horses');

  const save = (side: ParentSide, registrationNumber: string | null) => {
    setBusySide(side);
    void action
      .run(async () => {
        const answer = await setParentLink({ horseId, side, registrationNumber, version }).unwrap();
        setNumbers((current) => ({ ...current, [side]: '' }));
        toast.success(answer.message ?? 'Saved');
      })
      .finally(() => setBusySide(null));
  };

  return (
    <section aria-labelledby={`${formId}-title`} className="mb-4">
      <h3 id={`${formId}-title`} className="h6 border-bottom pb-1">
        Registered sire and dam
      </h3>
      <LoadError
        lead="The links could not be loaded"
        error={links.error}
        loading={links.loading}
        onRetry={links.reload}
      />
      {conflict && (
        <div className="mb-2">
          <ChangedSinceNotice
            conflict={conflict}
            onReviewAgain={() => {
              clearConflict();
              onReviewAgain();
            }}
          />
        </div>
      )}
      {action.error && (
        <p className="text-danger small mb-2" role="alert">
          {action.error}
        </p>
      )}
      {PARENT_SIDES.map((side) => {
        const current = links.data?.[side] ?? null;
        const inputId = `${formId}-${side}`;
        const busy = busySide === side;
        return (
          <div key={side} className="mb-3">
            <p className="mb-1">
              <strong>{TITLES[side]}:</strong>{' '}
              {links.loading && !links.data ? '…' : <Linked parent={current} />}
            </p>
            {mayLink && (
              <form
                className="d-flex flex-wrap gap-2 align-items-end"
                onSubmit={(event) => {
                  event.preventDefault();
                  if (numbers[side].trim()) save(side, numbers[side].trim());
                }}
              >
                <div className="flex-grow-1">
                  <CFormLabel htmlFor={inputId} className="small mb-0">
                    {TITLES[side]}&apos;s registration number
                  </CFormLabel>
                  <CFormInput
                    id={inputId}
                    size="sm"
                    value={numbers[side]}
                    maxLength={40}
                    autoComplete="off"
                    onChange={(event) =>
                      setNumbers((all) => ({ ...all, [side]: event.target.value }))
                    }
                  />
                </div>
                <CButton
                  type="submit"
                  color="primary"
                  size="sm"
                  disabled={action.busy || !numbers[side].trim()}
                >
                  {busy && <CSpinner as="span" size="sm" className="me-1" aria-hidden="true" />}
                  Link {side}
                </CButton>
                {current && (
                  <CButton
                    color="secondary"
                    variant="outline"
                    size="sm"
                    disabled={action.busy}
                    onClick={() => save(side, null)}
                  >
                    Unlink
                  </CButton>
                )}
              </form>
            )}
          </div>
        );
      })}
    </section>
  );
}
