import { DownloadButton } from '../../components/download-button';
import type { HorseSummary } from '../../lib/horse-summaries';
import { horseDisplayName } from '../../lib/horse-types';

/** Downloads the registration certificate (PDF) of the member's approved horse. */
export function CertificateButton({ horse }: { horse: HorseSummary }) {
  return (
    <DownloadButton
      color="success"
      url={`members/horses/${encodeURIComponent(horse._id)}/certificate.pdf`}
      fileName={`certificate-${horse.registrationNum ?? horse._id}.pdf`}
    >
      Certificate<span className="visually-hidden"> {horseDisplayName(horse)}</span>
    </DownloadButton>
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
