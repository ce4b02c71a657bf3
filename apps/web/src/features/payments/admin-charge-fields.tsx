import { CFormCheck, CFormInput, CFormLabel, CFormSelect } from '@coreui/react';
import { ACCOUNT_TYPES, ACH_MANDATE_VERSION, achMandateText } from '@registry/domain';
import { useAppSelector } from '../../stores/hooks';
import type { CardEntry } from './card-entry';
import type { BankDetails } from './payment-provider';
import { SecureCardFields } from './secure-card-fields';

export type ChargeMethod = 'card' | 'bank';

export interface OfficeCharge {
  holderName: string;
  bank: BankDetails;
  /** The account holder authorised this one debit to the office (phone or paper). */
  authorized: boolean;
}

export const emptyOfficeCharge = (): OfficeCharge => ({
  holderName: '',
  bank: { accountType: 'Checking', accountName: '', routingNumber: '', accountNumber: '' },
  authorized: false,
});

/**
 * What the office needs to charge a member through the provider (issue 17 item 1): the card
 * in the provider's secure fields, or the bank account with the debit authorisation the
 * holder gave, shown in the same versioned words the server stores with the payment.
 */
export function AdminChargeFields({
  method,
  fieldId,
  entry,
  charge,
  amount,
  amountCents,
  disabled,
  onChange,
}: {
  method: ChargeMethod;
  fieldId: string;
  entry: CardEntry;
  charge: OfficeCharge;
  amount: string;
  amountCents: number;
  disabled: boolean;
  onChange: (next: OfficeCharge) => void;
}) {
  const associationName = useAppSelector((state) => state.ui.associationName);
  const setBank = (patch: Partial<BankDetails>) =>
    onChange({ ...charge, bank: { ...charge.bank, ...patch } });
  return (
    <div className="mt-3">
      <CFormLabel htmlFor={`${fieldId}-holder`}>
        {method === 'card' ? 'Name on the card' : 'Account holder name'}
      </CFormLabel>
      <CFormInput
        id={`${fieldId}-holder`}
        maxLength={200}
        autoComplete="off"
        value={charge.holderName}
        disabled={disabled}
        onChange={(event) => onChange({ ...charge, holderName: event.target.value })}
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
              value={charge.bank.accountType}
              disabled={disabled}
              onChange={(event) => setBank({ accountType: event.target.value })}
            >
              {ACCOUNT_TYPES.map((type) => (
                <option key={type}>{type}</option>
              ))}
            </CFormSelect>
          </div>
          <div className="col-6 col-sm-4">
            <CFormLabel htmlFor={`${fieldId}-routing`}>Routing number</CFormLabel>
            <CFormInput
              id={`${fieldId}-routing`}
              inputMode="numeric"
              autoComplete="off"
              maxLength={9}
              value={charge.bank.routingNumber}
              disabled={disabled}
              onChange={(event) => setBank({ routingNumber: event.target.value })}
            />
          </div>
          <div className="col-6 col-sm-4">
            <CFormLabel htmlFor={`${fieldId}-account`}>Account number</CFormLabel>
            <CFormInput
              id={`${fieldId}-account`}
              inputMode="numeric"
              autoComplete="off"
              maxLength={17}
              value={charge.bank.accountNumber}
              disabled={disabled}
              onChange={(event) => setBank({ accountNumber: event.target.value })}
            />
          </div>
          <div className="col-12">
            <div className="agreement-text small">
              <div className="border rounded p-2 bg-body-tertiary" id={`${fieldId}-mandate`}>
                {achMandateText(associationName, amount)}
                <div className="text-body-secondary">Version {ACH_MANDATE_VERSION}</div>
              </div>
            </div>
            <CFormCheck
              id={`${fieldId}-authorized`}
              className="mt-2"
              label="The account holder gave this authorization to the office (by phone or in writing)"
              aria-describedby={`${fieldId}-mandate`}
              checked={charge.authorized}
              disabled={disabled}
              onChange={(event) => onChange({ ...charge, authorized: event.target.checked })}
            />
          </div>
        </div>
      )}
    </div>
  );
}
