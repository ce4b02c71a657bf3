/**
 * A labelled progress bar for uploads. Plain markup with CoreUI's classes: CProgress puts extra
 * attributes on the inner bar, so the element with role="progressbar" would have no name.
 */
export function UploadProgress({
  value,
  label = 'Upload progress',
}: {
  value: number;
  label?: string;
}) {
  const percent = Math.max(0, Math.min(100, Math.round(value)));
  return (
    <div
      className="progress upload-progress"
      role="progressbar"
      aria-label={label}
      aria-valuenow={percent}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuetext={`${percent}%`}
    >
      <div
        className="progress-bar progress-bar-striped progress-bar-animated"
        style={{ width: `${percent}%` }}
      >
        {percent}%
      </div>
    </div>
  );
}
