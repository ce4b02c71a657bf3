import { useEffect, useState } from 'react';
import { CFormCheck, CFormInput, CFormLabel, CFormSelect, CFormText } from '@coreui/react';
import {
  TRANSFER_FEE_MAX_CENTS,
  transferSettingsSchema,
  type TransferFeePayer,
  type TransferSettings,
} from '@registry/domain';
import { ActionDialog, BusyButton } from '../../components/action-dialog';
import { useAction } from '../../lib/use-action';
import { useSaveTransferSettings } from './member-transfers-api';

/** Dollars as typed ("25", "25.5", "0") to cents; NaN for anything else. */
export function dollarsToCents(text: string): number {
  const trimmed = text.trim();
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(trimmed)) return NaN;
  const [whole = '0', part = ''] = trimmed.split('.');
  return Number(whole) * 100 + Number(part.padEnd(2, '0'));
}

/**
 * The association's transfer settings: the fee (0 for none), who pays it, and whether transfers
 * signed by both and paid are approved without the office. They apply to transfers started
 * afterwards (each transfer keeps the fee and payer it started with).
 */
export function TransferSettingsDialog({
  settings,
  visible,
  onClose,
  onDone,
}: {
  settings: TransferSettings | undefined;
  visible: boolean;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const save = useSaveTransferSettings();
  const action = useAction();
  const { fail } = action;
  const [fee, setFee] = useState('');
  const [payer, setPayer] = useState<TransferFeePayer>('buyer');
  const [autoApprove, setAutoApprove] = useState(false);
  useEffect(() => {
    if (!visible || !settings) return;
    setFee((settings.feeCents / 100).toFixed(2));
    setPayer(settings.payer);
    setAutoApprove(settings.autoApprove);
    fail(null);
  }, [visible, settings, fail]);

  const submit = () => {
    const parsed = transferSettingsSchema.safeParse({
      feeCents: dollarsToCents(fee),
      payer,
      autoApprove,
    });
    if (!parsed.success) {
      fail(`Enter the fee in dollars, from 0 to ${TRANSFER_FEE_MAX_CENTS / 100}`);
      return;
    }
    void action.run(async () => {
      const answer = await save(parsed.data).unwrap();
      onDone(answer.message ?? 'Transfer settings saved');
    });
  };

  return (
    <ActionDialog
      title="Transfer settings"
      visible={visible}
      busy={action.busy}
      error={action.error}
      onClose={onClose}
      closeLabel="Cancel"
      onSubmit={submit}
      actions={
        <BusyButton type="submit" color="primary" busy={action.busy} disabled={action.busy}>
          Save settings
        </BusyButton>
      }
    >
      <div className="mb-3">
        <CFormLabel htmlFor="transfer-fee">Transfer fee ($)</CFormLabel>
        <CFormInput
          id="transfer-fee"
          inputMode="decimal"
          value={fee}
          aria-describedby="transfer-fee-help"
          onChange={(event) => setFee(event.target.value)}
        />
        <CFormText id="transfer-fee-help">
          0 for no fee. Applies to transfers started from now.
        </CFormText>
      </div>
      <div className="mb-3">
        <CFormLabel htmlFor="transfer-fee-payer">Paid by</CFormLabel>
        <CFormSelect
          id="transfer-fee-payer"
          value={payer}
          onChange={(event) => setPayer(event.target.value as TransferFeePayer)}
        >
          <option value="buyer">The buyer</option>
          <option value="seller">The seller</option>
        </CFormSelect>
      </div>
      <CFormCheck
        id="transfer-auto-approve"
        label="Approve transfers automatically once both have signed and the fee is paid"
        checked={autoApprove}
        onChange={(event) => setAutoApprove(event.target.checked)}
      />
    </ActionDialog>
  );
}
