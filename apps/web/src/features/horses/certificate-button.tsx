import { useState } from 'react';
import { CButton } from '@coreui/react';
import type { ApiError } from '../../lib/api-client';
import { downloadFromApi } from '../../lib/download';
import type { HorseSummary } from '../../lib/horse-summaries';
import { horseDisplayName } from '../../lib/horse-types';
import { useToast } from '../../stores/use-toast';

/** Downloads the registration certificate (PDF) of the member's approved horse. */
export function CertificateButton({ horse }: { horse: HorseSummary }) {
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  return (
    <CButton
      size="sm"
      color="success"
      variant="outline"
      disabled={busy}
      onClick={() => {
        setBusy(true);
        downloadFromApi(
          `members/horses/${encodeURIComponent(horse._id)}/certificate.pdf`,
          `certificate-${horse.registrationNum ?? horse._id}.pdf`,
        )
          .catch((caught: ApiError) => toast.danger(caught.error))
          .finally(() => setBusy(false));
      }}
    >
      Certificate<span className="visually-hidden"> {horseDisplayName(horse)}</span>
    </CButton>
  );
}

/**
 * The line under a horse's status: why the registry rejected it, or that a change to its
 * approved record waits for the office (View lists the change).
 */
export function RejectionNote({ horse }: { horse: HorseSummary }) {
  if (horse.approvalStatus === 'rejected' && horse.rejectionReason) {
    return <div className="small text-danger-emphasis mt-1">Reason: {horse.rejectionReason}</div>;
  }
  if (horse.changePending) {
    return <div className="small text-warning-emphasis mt-1">Change awaiting review</div>;
  }
  return null;
}
