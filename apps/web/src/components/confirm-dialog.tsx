import './contrast.css';
import type { ReactNode } from 'react';
import { ActionDialog, BusyButton } from './action-dialog';

export interface ConfirmDialogProps {
  visible: boolean;
  title: string;
  children: ReactNode;
  confirmLabel?: string;
  confirmColor?: 'danger' | 'primary';
  /** While true both buttons are disabled and the confirm button shows a spinner. */
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Asks before something that cannot be undone, such as a delete. */
export function ConfirmDialog({
  visible,
  title,
  children,
  confirmLabel = 'Delete',
  confirmColor = 'danger',
  busy = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  return (
    <ActionDialog
      title={title}
      visible={visible}
      busy={busy}
      onClose={onCancel}
      closeLabel="Cancel"
      actions={
        <BusyButton
          busy={busy}
          color={confirmColor}
          className={confirmColor === 'danger' ? 'btn-contrast' : undefined}
          disabled={busy}
          onClick={onConfirm}
        >
          {confirmLabel}
        </BusyButton>
      }
    >
      {children}
    </ActionDialog>
  );
}
