import { CFormInput, CFormLabel, CFormSelect } from '@coreui/react';
import { Controller, type Control, type UseFormRegister } from 'react-hook-form';
import { ACCOUNT_TYPES, ACH_MANDATE_VERSION, achMandateText } from '@registry/domain';
import { useAppSelector } from '../../stores/hooks';
import type { OfficeMethod } from './admin-payment-api';
import type { CardEntry } from './card-entry';
import type { BankDetails } from './payment-provider';
import { SecureCardFields } from './secure-card-fields';
import { CheckField } from '../../components/check-field';

export type ChargeMethod = 'card' | 'bank';
export type AdminMethod = OfficeMethod | ChargeMethod;

/** The office payment dialog's values (react-hook-form); its rules are the domain's. */
export interface AdminPaymentValues {
  method: AdminMethod;
  reference: string;
  note: string;
  prepayDNAFee: boolean;
  /** A provider charge: the name on the card, or the bank account's holder. */
  holderName: string;
  bank: BankDetails;
  /** The account holder authorised this one debit to the office (phone or paper). */
  authorized: boolean;
  /** Undoing a payment: kept in the audit log. */
  reason: string;
}

export const emptyAdminPayment = (): AdminPaymentValues => ({
  method: 'check',
  reference: '',
  note: '',
  prepayDNAFee: false,
  holderName: '',
  bank: { accountType: 'Checking', accountName: '', routingNumber: '', accountNumber: '' },
  authorized: false,
  reason: '',
});

/** The typed bank numbers: digits only, as long as the ACH allows. */
const BANK_NUMBERS = [
  { name: 'bank.routingNumber', label: 'Routing number', id: 'routing', maxLength: 9 },
  { name: 'bank.accountNumber', label: 'Account number', id: 'account', maxLength: 17 },
] as const;

/**
 * What the office needs to charge a member through the provider (issue 17 item 1): the card
 * in the provider's secure fields, or the bank account with the debit authorisation the
 * holder gave, shown in the same versioned words the server stores with the payment. Every
 * edit calls `onEdit`, which clears the dialog's last refusal.
 */
export function AdminChargeFields({
  method,
  fieldId,
  entry,
  control,
  register,
  amount,
  amountCents,
  disabled,
  onEdit,
}: {
  method: ChargeMethod;
  fieldId: string;
  entry: CardEntry;
  control: Control<AdminPaymentValues, unknown, unknown>;
  register: UseFormRegister<AdminPaymentValues>;
  amount: string;
  amountCents: number;
  disabled: boolean;
  onEdit: () => void;
}) {
  const associationName = useAppSelector((state) => state.ui.associationName);
  return (
    <div className="mt-3">
      <CFormLabel htmlFor={`${fieldId}-holder`}>
        {method === 'card' ? 'Name on the card' : 'Account holder name'}
      </CFormLabel>
      <CFormInput
        id={`${fieldId}-holder`}
        maxLength={200}
        autoComplete="off"
        disabled={disabled}
        {...register('holderName', { onChange: onEdit })}
      />
      {method === 'card' ? (
        <div className="mt-3">
          <SecureCardFields
            entry={entry}
            idPrefix={`${fieldId}-card`}
            disabled={disabled}
            amountCents={amountCents}
          />
        </div>
      ) : (
        <div className="row g-3 mt-0">
          <div className="col-12 col-sm-4">
            <CFormLabel htmlFor={`${fieldId}-account-type`}>Account type</CFormLabel>
            <CFormSelect
              id={`${fieldId}-account-type`}
              disabled={disabled}
              {...register('bank.accountType', { onChange: onEdit })}
            >
              {ACCOUNT_TYPES.map((type) => (
                <option key={type}>{type}</option>
              ))}
            </CFormSelect>
          </div>
          {BANK_NUMBERS.map((field) => (
            <div key={field.id} className="col-6 col-sm-4">
              <CFormLabel htmlFor={`${fieldId}-${field.id}`}>{field.label}</CFormLabel>
              <CFormInput
                id={`${fieldId}-${field.id}`}
                inputMode="numeric"
                autoComplete="off"
                maxLength={field.maxLength}
                disabled={disabled}
                {...register(field.name, { onChange: onEdit })}
              />
            </div>
          ))}
          <div className="col-12">
            <div className="agreement-text small">
              <div className="border rounded p-2 bg-body-tertiary" id={`${fieldId}-mandate`}>
                {achMandateText(associationName, amount)}
                <div className="text-body-secondary">Version {ACH_MANDATE_VERSION}</div>
              </div>
            </div>
            {/* Controlled: the form's value drives the check (apps/web/README.md). */}
            <Controller
              control={control}
              name="authorized"
              render={({ field }) => (
                <CheckField
                  id={`${fieldId}-authorized`}
                  className="mt-2"
                  label="The account holder gave this authorization to the office (by phone or in writing)"
                  aria-describedby={`${fieldId}-mandate`}
                  checked={field.value}
                  disabled={disabled}
                  onChange={(event) => {
                    field.onChange(event.target.checked);
                    onEdit();
                  }}
                />
              )}
            />
          </div>
        </div>
      )}
    </div>
  );
}
