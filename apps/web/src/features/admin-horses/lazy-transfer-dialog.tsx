import { lazyDialog } from '../../components/lazy-dialog';

/** The transfer dialog (react-hook-form, the owner and co-owner fields), fetched when opened. */
export const LazyTransferDialog = lazyDialog(
  async () => (await import('./transfer-dialog')).TransferDialog,
  'Opening the transfer…',
);
