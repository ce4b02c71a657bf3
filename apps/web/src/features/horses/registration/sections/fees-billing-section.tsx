import { memo } from 'react';
import { CFormInput, CFormLabel } from '@coreui/react';
import { useFormContext, useWatch } from 'react-hook-form';
import {
  ACCOUNT_TYPES,
  BILLING_FIELD_LABELS as BILLING,
  CARD_TYPES,
  COUNTRIES,
  FEES,
  feeTotal,
  isVerificationChosen,
  PAYMENT_FIELD_LABELS as PAYMENT,
  PAYMENT_METHODS,
} from '@registry/domain';
import { formatUsdShort } from '../../../../lib/format';
import { SecureBankFields, SecureCardFields } from '../../../payments/secure-card-fields';
import { CheckboxInput } from '../fields/checkbox-input';
import { AchMandateText, TermsText } from './agreement-texts';
import { ChoiceGroup } from '../fields/choice-group';
import { SelectInput } from '../fields/select-input';
import { SignatureInput } from '../fields/signature-input';
import { TextInput } from '../fields/text-input';
import type { HorseFormValues } from '../form-values';
import { fieldId, useRegistration } from '../registration-context';

export const AGREEMENT_TEXT =
  'I authorize the association to deduct the payment shown in the order summary from the ' +
  'account above, and I agree to the terms and conditions.';

/** Shown, not chosen: the verification answer of item 4 decides this fee. */
const VerificationFee = memo(function VerificationFee() {
  const { control } = useFormContext<HorseFormValues>();
  const { feesPaid = [] } = useRegistration();
  const answer = useWatch({ control, name: 'performanceVerification' });
  if (!isVerificationChosen(answer)) return null;
  const id = fieldId('fees.verification_fees');
  return (
    <div className="form-check">
      <input type="checkbox" id={id} className="form-check-input" checked disabled readOnly />
      <label className="form-check-label" htmlFor={id}>
        Verification Fee (${FEES.verification}){feesPaid.includes('verification') && ', paid'}
      </label>
    </div>
  );
});

/**
 * The block of the chosen method; the provider's fields mount (and load) only for their
 * method. For Bank the account type and the names are the spec's fields with either
 * provider; the routing and account numbers are typed only with the sandbox: Stripe links the
 * account in its own entry (docs/decisions/0070-payment-element-and-in-page-verification.md).
 */
const MethodDetails = memo(function MethodDetails() {
  const { control } = useFormContext<HorseFormValues>();
  const { cardEntry, feesPaid, fixedFee } = useRegistration();
  const [method, prepayDNAFee, performanceVerification] = useWatch({
    control,
    name: ['billingInfo.paymentInfo.paymentMethod', 'fees.prepayDNAFee', 'performanceVerification'],
  });
  if (method === 'Credit Card') {
    return (
      <div className="horse-subgroup row g-3" aria-label="Credit Card">
        <SelectInput
          name="billingInfo.paymentInfo.creditCard.cardType"
          label={PAYMENT.cardType}
          options={CARD_TYPES}
          required
          className="col-12 col-md-6"
        />
        <div className="col-12">
          {cardEntry && (
            <SecureCardFields
              entry={cardEntry}
              idPrefix="horse-card"
              amountCents={
                fixedFee?.cents ?? feeTotal({ performanceVerification, prepayDNAFee, feesPaid })
              }
            />
          )}
        </div>
      </div>
    );
  }
  if (method === 'Bank') {
    const typedNumbers = (
      <div className="row g-3">
        <TextInput
          name="billingInfo.paymentInfo.bankAccount.routingNumber"
          label={PAYMENT.routingNumber}
          required
          maxLength={9}
          className="col-12 col-md-6"
        />
        <TextInput
          name="billingInfo.paymentInfo.bankAccount.accountNumber"
          label={PAYMENT.accountNumber}
          required
          maxLength={17}
          className="col-12 col-md-6"
        />
      </div>
    );
    return (
      <div className="horse-subgroup row g-3" aria-label="Bank">
        <SelectInput
          name="billingInfo.paymentInfo.bankAccount.accountType"
          label={PAYMENT.accountType}
          options={ACCOUNT_TYPES}
          required
          className="col-12 col-md-6"
        />
        <TextInput
          name="billingInfo.paymentInfo.bankAccount.accountName"
          label={PAYMENT.accountName}
          required
          className="col-12 col-md-6"
        />
        <TextInput
          name="billingInfo.paymentInfo.bankAccount.bankName"
          label={PAYMENT.bankName}
          required
          className="col-12 col-md-6"
        />
        <div className="col-12">
          {cardEntry ? (
            <SecureBankFields
              entry={cardEntry}
              idPrefix="horse-bank"
              amountCents={
                fixedFee?.cents ?? feeTotal({ performanceVerification, prepayDNAFee, feesPaid })
              }
              typed={typedNumbers}
            />
          ) : (
            typedNumbers
          )}
        </div>
      </div>
    );
  }
  return null;
});

/**
 * Spec §2.6 item 17, register mode only. The card number, expiry and CVV are not form values:
 * they stay inside the provider's secure fields (see features/payments).
 */
export const FeesBillingSection = memo(function FeesBillingSection() {
  const { feesPaid = [], fixedFee } = useRegistration();
  const registrationPaid = feesPaid.includes('registration');
  return (
    <div className="row g-3">
      {fixedFee ? (
        <div className="col-12 col-md-4">
          <CFormLabel htmlFor={fieldId('fees.fixedFee')}>{fixedFee.label} ($)</CFormLabel>
          <CFormInput
            id={fieldId('fees.fixedFee')}
            value={(fixedFee.cents / 100).toFixed(2)}
            readOnly
          />
        </div>
      ) : (
        <>
          <div className="col-12 col-md-4">
            <CFormLabel htmlFor={fieldId('fees.registrationFee')}>Registration Fee ($)</CFormLabel>
            <CFormInput
              id={fieldId('fees.registrationFee')}
              value={registrationPaid ? `${FEES.registration} (paid)` : FEES.registration}
              readOnly
            />
          </div>
          <div className="col-12 col-md-8 d-flex flex-column justify-content-end gap-1">
            <CheckboxInput
              name="fees.prepayDNAFee"
              label={`Prepay DNA Fee (${formatUsdShort(FEES.prepaidDna * 100)})`}
            />
            <VerificationFee />
          </div>
        </>
      )}
      <TextInput
        name="billingInfo.billingAddress"
        label={BILLING.billingAddress}
        multiline
        autoComplete="street-address"
        className="col-12"
      />
      <SelectInput
        name="billingInfo.country"
        label={BILLING.country}
        options={COUNTRIES}
        required
        className="col-12 col-md-6"
      />
      <TextInput
        name="billingInfo.phoneNumber"
        label={BILLING.phoneNumber}
        type="tel"
        autoComplete="tel"
        required
        className="col-12 col-md-6"
      />
      <TextInput
        name="billingInfo.email"
        label={BILLING.email}
        type="email"
        autoComplete="email"
        required
        className="col-12 col-md-6"
      />
      <TextInput
        name="billingInfo.accountHolderName"
        label={BILLING.accountHolderName}
        autoComplete="name"
        required
        className="col-12 col-md-6"
      />
      <div className="col-12 col-md-6">
        <SignatureInput
          name="billingInfo.accountHolderSignature"
          label={BILLING.accountHolderSignature}
        />
      </div>
      <div className="col-12">
        <ChoiceGroup
          name="billingInfo.paymentInfo.paymentMethod"
          legend={PAYMENT.paymentMethod}
          options={PAYMENT_METHODS}
          required
        />
      </div>
      <div className="col-12">
        <MethodDetails />
      </div>
      <div className="col-12">
        <AchMandateText />
        <TermsText collapsed />
        <CheckboxInput name="checkedAgreement" label={AGREEMENT_TEXT} required />
      </div>
    </div>
  );
});
