import { CButton } from '@coreui/react';
import { UploadProgress } from '../../../components/upload-progress';
import { useTrackedUpload } from './upload-context';
import type { UploadTracker } from './upload-tracker';

/** One chosen file's upload: progress with Cancel, the server's reason with Retry, or Uploaded. */
export function UploadStatus({ tracker, file }: { tracker: UploadTracker; file: File }) {
  const upload = useTrackedUpload(tracker, file);
  if (!upload) return null;
  const percent = upload.total > 0 ? Math.floor((upload.sent / upload.total) * 100) : 0;
  if (upload.state === 'done') {
    return <span className="small text-success text-nowrap">Uploaded</span>;
  }
  if (upload.state === 'failed') {
    return (
      <span className="d-flex align-items-center gap-2 flex-wrap">
        <span className="small text-danger" role="alert">
          {upload.error}
        </span>
        <CButton
          type="button"
          size="sm"
          color="primary"
          variant="outline"
          onClick={() => tracker.retry(file)}
        >
          Retry<span className="visually-hidden"> {file.name}</span>
        </CButton>
      </span>
    );
  }
  return (
    <span className="d-flex align-items-center gap-2 flex-grow-1" style={{ minWidth: '8rem' }}>
      <span className="flex-grow-1">
        <UploadProgress value={percent} label={`Uploading ${file.name}`} />
      </span>
      <CButton
        type="button"
        size="sm"
        color="secondary"
        variant="ghost"
        onClick={() => tracker.cancel(file)}
      >
        Cancel<span className="visually-hidden"> upload of {file.name}</span>
      </CButton>
    </span>
  );
}
