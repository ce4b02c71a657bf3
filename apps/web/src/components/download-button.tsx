import { useState, type ReactNode } from 'react';
import { CButton } from '@coreui/react';
import type { ApiError } from '../lib/api-client';
import { downloadFromApi } from '../lib/download';
import { useToast } from '../stores/use-toast';

/**
 * A small outline button that downloads a signed-in file of the API (`url`) as `fileName`:
 * disabled while it downloads, a failure shown as a toast.
 */
export function DownloadButton({
  url,
  fileName,
  color,
  children,
}: {
  url: string;
  fileName: string;
  color: 'primary' | 'success';
  /** The button's text, with what it names for screen readers. */
  children: ReactNode;
}) {
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const download = () => {
    setBusy(true);
    downloadFromApi(url, fileName)
      .catch((caught: ApiError) => toast.danger(caught.error))
      .finally(() => setBusy(false));
  };
  return (
    <CButton size="sm" color={color} variant="outline" disabled={busy} onClick={download}>
      {children}
    </CButton>
  );
}
