import { useEffect, useState } from 'react';
import { formatUsd, type MemberTransfer } from '@registry/domain';
import { ActionDialog, BusyButton } from '../../../components/action-dialog';
import { SignatureField } from '../../../components/signature-field';
import type { ApiError } from '../../../lib/api-client';
import { useAction } from '../../../lib/use-action';
import { useAcceptTransfer } from './transfers-api';

/**
 * The buyer accepts a transfer to them and signs it. The acceptance names the transfer's version
 * the buyer read: a seller's cancellation meanwhile is refused with the server's words.
 */
export function AcceptTransferDialog({
  transfer,
  onClose,
  onDone,
}: {
  transfer: MemberTransfer | null;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const accept = useAcceptTransfer();
  const [signature, setSignature] = useState('');
  const [signatureError, setSignatureError] = useState<string | undefined>();
  const action = useAction((failure: ApiError) => {
    if (failure.fields?.buyerSignature) {
      setSignatureError(failure.fields.buyerSignature);
      return null;
    }
    return failure.error;
  });
  const { fail } = action;
  useEffect(() => {
    setSignature('');
    setSignatureError(undefined);
    fail(null);
  }, [transfer?.id, fail]);
  if (!transfer) return null;

  const confirm = () => {
    if (!signature) {
      setSignatureError('Sign to accept the transfer');
      return;
    }
    void action.run(async () => {
      const answer = await accept({
        id: transfer.id,
        version: transfer.version,
        buyerSignature: signature,
      }).unwrap();
      onDone(answer.message ?? 'Transfer accepted');
    });
  };

  const fee =
    transfer.feeCents === 0
      ? 'There is no transfer fee.'
      : `The transfer fee is ${formatUsd(transfer.feeCents)}, paid online by ${
          transfer.feePayer === 'buyer' ? 'you' : 'the seller'
        } once you have signed.`;

  return (
    <ActionDialog
      title={`Accept ${transfer.horse.name}`}
      visible
      busy={action.busy}
      error={action.error}
      onClose={onClose}
      closeLabel="Cancel"
      actions={
        <BusyButton color="primary" busy={action.busy} disabled={action.busy} onClick={confirm}>
          Sign and accept
        </BusyButton>
      }
    >
      <dl className="row mb-3">
        <dt className="col-sm-4">Horse</dt>
        <dd className="col-sm-8">
          {transfer.horse.name}
          {transfer.horse.registrationNumber && ` (${transfer.horse.registrationNumber})`}
        </dd>
        <dt className="col-sm-4">Seller</dt>
        <dd className="col-sm-8">{transfer.seller.name}</dd>
        <dt className="col-sm-4">Sale date</dt>
        <dd className="col-sm-8">{transfer.saleDate}</dd>
      </dl>
      <p className="small">{fee}</p>
      <SignatureField
        id="transfer-buyer-signature"
        name="buyerSignature"
        label="Buyer's signature"
        value={signature}
        onChange={(value) => {
          setSignature(value);
          setSignatureError(undefined);
        }}
        error={signatureError}
        required
      />
    </ActionDialog>
  );
}
