import { Suspense, useState } from 'react';
import { OpeningSpinner } from '../../components/opening-spinner';
import { lazyWithPreload } from '../../lib/lazy-with-preload';
import type { TransferDialogProps } from './transfer-dialog';

const TransferDialog = lazyWithPreload(async () => ({
  default: (await import('./transfer-dialog')).TransferDialog,
}));

/**
 * The transfer dialog, its code (react-hook-form, the owner and co-owner fields) fetched when it
 * first opens, not with the Horse List (docs/decisions.md, "Field speed"). Once opened it stays
 * mounted, so it closes with its fade like any dialog.
 */
export function LazyTransferDialog(props: TransferDialogProps) {
  const [opened, setOpened] = useState(props.visible);
  if (props.visible && !opened) setOpened(true);
  if (!opened) return null;
  return (
    <Suspense fallback={<OpeningSpinner label="Opening the transfer…" />}>
      <TransferDialog {...props} />
    </Suspense>
  );
}
