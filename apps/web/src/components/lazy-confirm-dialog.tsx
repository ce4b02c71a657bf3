import { lazyDialog } from './lazy-dialog';

/** ConfirmDialog, fetched when it first opens: for pages whose first load it would weigh on. */
export const LazyConfirmDialog = lazyDialog(
  async () => (await import('./confirm-dialog')).ConfirmDialog,
  'Opening…',
);
