import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { CFormInput, CFormLabel, CFormText } from '@coreui/react';
import {
  formatUsd,
  startMemberTransferSchema,
  type StartMemberTransferInput,
  type TransferFeePayer,
} from '@registry/domain';
import { ActionDialog, BusyButton } from '../../../components/action-dialog';
import { SignatureField } from '../../../components/signature-field';
import type { ApiError } from '../../../lib/api-client';
import { toDateInputValue } from '../../../lib/format';
import type { HorseSummary } from '../../../lib/horse-summaries';
import { horseDisplayName } from '../../../lib/horse-types';
import { useStartTransfer } from './transfers-api';

type Values = Omit<StartMemberTransferInput, 'horseId'>;
const formSchema = startMemberTransferSchema.omit({ horseId: true });
const EMPTY: Values = { buyer: '', saleDate: '', sellerSignature: '' };
const FIELDS = ['buyer', 'saleDate', 'sellerSignature'] as const;

/** Who pays what, said before the seller signs. */
export function feeTerms(terms: { feeCents: number; payer: TransferFeePayer }, role: 'seller') {
  if (terms.feeCents === 0) return 'There is no transfer fee.';
  const who = terms.payer === role ? 'you pay' : 'the buyer pays';
  return `The transfer fee is ${formatUsd(terms.feeCents)}; ${who} it online once the buyer has signed.`;
}

/**
 * The owner of record starts a transfer from My Horses: the buyer (member number or email; an
 * address with no membership gets an invitation), the sale date, and the seller's signature.
 * The server checks everything again (docs/api.md "Member transfers").
 */
export function StartTransferDialog({
  horse,
  terms,
  onClose,
  onDone,
}: {
  horse: HorseSummary | null;
  terms: { feeCents: number; payer: TransferFeePayer } | undefined;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const start = useStartTransfer();
  const { control, register, handleSubmit, reset, setError, formState } = useForm<Values>({
    resolver: zodResolver(formSchema),
    defaultValues: EMPTY,
  });
  const { errors, isSubmitting } = formState;
  useEffect(() => {
    if (horse) reset(EMPTY);
  }, [horse, reset]);
  if (!horse) return null;
  const name = horseDisplayName(horse);

  const submit = handleSubmit(async (values) => {
    try {
      const answer = await start({ horseId: horse._id, ...values }).unwrap();
      onDone(answer.message ?? 'Transfer started');
    } catch (caught) {
      const failure = caught as ApiError;
      const field = FIELDS.find((key) => failure.fields?.[key]);
      setError(field ?? 'root', { message: field ? failure.fields![field] : failure.error });
    }
  });

  return (
    <ActionDialog
      title={`Transfer ${name}`}
      visible
      busy={isSubmitting}
      error={errors.root?.message ?? null}
      onClose={onClose}
      closeLabel="Cancel"
      onSubmit={() => void submit()}
      actions={
        <BusyButton type="submit" color="primary" busy={isSubmitting} disabled={isSubmitting}>
          Sign and start transfer
        </BusyButton>
      }
    >
      <p>
        Name the buyer of {name}. They accept and sign from their own My Horses; the registry office
        then records the new owner. You cannot edit {name} while the transfer is open.
      </p>
      <div className="mb-3">
        <CFormLabel htmlFor="transfer-buyer" className="required-mark">
          Buyer&rsquo;s member number or email
        </CFormLabel>
        <CFormInput
          id="transfer-buyer"
          autoComplete="off"
          invalid={Boolean(errors.buyer)}
          aria-describedby="transfer-buyer-help"
          {...register('buyer')}
        />
        <CFormText id="transfer-buyer-help">
          A buyer who is not a member yet is invited by email to join.
        </CFormText>
        {errors.buyer && <div className="invalid-feedback d-block">{errors.buyer.message}</div>}
      </div>
      <div className="mb-3">
        <CFormLabel htmlFor="transfer-sale-date" className="required-mark">
          Sale date
        </CFormLabel>
        <CFormInput
          id="transfer-sale-date"
          type="date"
          max={toDateInputValue(new Date().toISOString())}
          invalid={Boolean(errors.saleDate)}
          {...register('saleDate')}
        />
        {errors.saleDate && (
          <div className="invalid-feedback d-block">{errors.saleDate.message}</div>
        )}
      </div>
      <Controller
        control={control}
        name="sellerSignature"
        render={({ field }) => (
          <SignatureField
            id="transfer-seller-signature"
            name={field.name}
            label="Seller's signature"
            value={field.value}
            onChange={field.onChange}
            error={errors.sellerSignature?.message}
            required
          />
        )}
      />
      {terms && <p className="mt-3 mb-0 small">{feeTerms(terms, 'seller')}</p>}
    </ActionDialog>
  );
}
