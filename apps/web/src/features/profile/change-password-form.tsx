import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { CAlert, CButton, CCard, CCardBody, CCardHeader, CForm, CSpinner } from '@coreui/react';
import {
  PASSWORD_HINT,
  PROFILE_MESSAGES,
  changeMemberPasswordSchema,
  type ChangeMemberPasswordInput,
} from '@registry/domain';
import { PasswordField } from '../../components/password-field';
import { messageOr } from '../../lib/api-message';
import type { ApiError } from '../../lib/api-client';
import { useToast } from '../../stores/use-toast';
import { changeMemberPassword } from './api';
import { ChangePasswordByCode } from './change-password-by-code';

export const PASSWORDS_DIFFER = 'The passwords do not match';

/** The domain's rules plus the confirmation, which only the browser needs. */
const formSchema = changeMemberPasswordSchema
  .extend({ confirmPassword: changeMemberPasswordSchema.shape.currentPassword })
  .refine((value) => value.newPassword === value.confirmPassword, {
    message: PASSWORDS_DIFFER,
    path: ['confirmPassword'],
  });
type FormValues = ChangeMemberPasswordInput & { confirmPassword: string };

const EMPTY: FormValues = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** Change password with the current one (`members/change-memberPassword`), or by code. */
export function ChangePasswordForm({ email }: { email: string }) {
  const toast = useToast();
  const [byCode, setByCode] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const { register, handleSubmit, formState, reset, setError, setFocus } = useForm<FormValues>({
    resolver: zodResolver(formSchema),
    defaultValues: EMPTY,
    reValidateMode: 'onChange',
  });
  const errors = formState.errors;

  const onSubmit = handleSubmit(async ({ currentPassword, newPassword }) => {
    setServerError(null);
    try {
      const response = await changeMemberPassword({ currentPassword, newPassword });
      reset(EMPTY);
      toast.success(response.message ?? PROFILE_MESSAGES.passwordChanged);
    } catch (caught) {
      const failure = caught as ApiError;
      const current = failure.fields?.currentPassword;
      if (current || failure.error === PROFILE_MESSAGES.currentPasswordIncorrect) {
        setError('currentPassword', { message: current ?? failure.error });
        setFocus('currentPassword');
      } else if (failure.fields?.newPassword) {
        setError('newPassword', { message: failure.fields.newPassword });
        setFocus('newPassword');
      } else {
        setServerError(messageOr(caught, 'The password could not be changed. Please try again.'));
      }
    }
  });

  return (
    <CCard className="mb-4">
      <CCardHeader as="h2" className="h6 mb-0 py-3">
        Change password
      </CCardHeader>
      <CCardBody>
        {serverError && (
          <CAlert color="danger" className="py-2" role="alert">
            {serverError}
          </CAlert>
        )}
        <CForm noValidate onSubmit={onSubmit} aria-label="Change password">
          <PasswordField
            id="profile-current-password"
            label="Current password"
            autoComplete="current-password"
            error={errors.currentPassword?.message}
            className="mb-3"
            {...register('currentPassword')}
          />
          <PasswordField
            id="profile-new-password"
            label="New password"
            autoComplete="new-password"
            error={errors.newPassword?.message}
            aria-describedby={
              errors.newPassword
                ? 'profile-new-password-error profile-password-hint'
                : 'profile-password-hint'
            }
            className="mb-1"
            {...register('newPassword')}
          />
          <p id="profile-password-hint" className="form-text mb-3">
            {PASSWORD_HINT}
          </p>
          <PasswordField
            id="profile-confirm-password"
            label="Confirm new password"
            autoComplete="new-password"
            error={errors.confirmPassword?.message}
            className="mb-4"
            {...register('confirmPassword')}
          />
          <div className="d-flex flex-wrap align-items-center gap-3">
            <CButton type="submit" color="primary" disabled={formState.isSubmitting}>
              {formState.isSubmitting ? (
                <>
                  <CSpinner size="sm" className="me-2" aria-hidden="true" />
                  Changing...
                </>
              ) : (
                'Change password'
              )}
            </CButton>
          </div>
        </CForm>
        <hr />
        {byCode ? (
          <ChangePasswordByCode email={email} />
        ) : (
          <CButton color="link" className="p-0 small" onClick={() => setByCode(true)}>
            Forgot your current password? Change it with an emailed code
          </CButton>
        )}
      </CCardBody>
    </CCard>
  );
}
