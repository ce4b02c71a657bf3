import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  CAlert,
  CButton,
  CCard,
  CCardBody,
  CCardHeader,
  CCol,
  CForm,
  CFormLabel,
  CFormSelect,
  CRow,
  CSpinner,
} from '@coreui/react';
import {
  PROFILE_MESSAGES,
  STATES,
  profileUpdateSchema,
  type MemberProfile,
  type ProfileUpdate,
  type ProfileUpdateInput,
} from '@registry/domain';
import { TextField } from '../../components/text-field';
import type { ApiError } from '../../lib/api-client';
import { useAppDispatch } from '../../stores/hooks';
import { profileUpdated } from '../../stores/session-slice';
import { useToast } from '../../stores/use-toast';
import { toSessionUser, updateProfile } from './api';

type Field = keyof ProfileUpdateInput;

function formValues(profile: MemberProfile): ProfileUpdateInput {
  return {
    firstName: profile.firstName ?? '',
    lastName: profile.lastName ?? '',
    address: profile.address ?? '',
    city: profile.city ?? '',
    state: profile.state ?? '',
    zip: profile.zip ?? '',
    phone: profile.phone ?? '',
  };
}

/** Name and postal details (spec §6: members edit their profile), checked by the domain schema. */
export function ProfileDetailsForm({
  profile,
  onSaved,
}: {
  profile: MemberProfile;
  onSaved: (profile: MemberProfile) => void;
}) {
  const dispatch = useAppDispatch();
  const toast = useToast();
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<ProfileUpdateInput, unknown, ProfileUpdate>({
    resolver: zodResolver(profileUpdateSchema),
    defaultValues: formValues(profile),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { register, handleSubmit, formState, setError, reset } = form;
  const errors = formState.errors;
  // A stored state outside the list (older data) stays selectable rather than being dropped.
  const states: readonly string[] =
    profile.state && !STATES.includes(profile.state as (typeof STATES)[number])
      ? [profile.state, ...STATES]
      : STATES;

  const onSubmit = handleSubmit(async (values) => {
    setServerError(null);
    try {
      const response = await updateProfile(values);
      dispatch(profileUpdated(toSessionUser(response.data)));
      reset(formValues(response.data));
      onSaved(response.data);
      toast.success(response.message ?? PROFILE_MESSAGES.updated);
    } catch (caught) {
      const failure = caught as ApiError;
      setServerError(failure.error);
      for (const [field, message] of Object.entries(failure.fields ?? {})) {
        if (field in profile) setError(field as Field, { message });
      }
    }
  });

  const text = (name: Field, label: string, autoComplete: string, extra: object = {}) => (
    <TextField
      id={`profile-${name}`}
      label={label}
      autoComplete={autoComplete}
      error={errors[name]?.message}
      {...extra}
      {...register(name)}
    />
  );

  return (
    <CCard className="mb-4">
      <CCardHeader as="h2" className="h6 mb-0 py-3">
        Personal details
      </CCardHeader>
      <CCardBody>
        {serverError && (
          <CAlert color="danger" className="py-2">
            {serverError}
          </CAlert>
        )}
        <CForm noValidate onSubmit={onSubmit} aria-label="Personal details">
          <CRow className="g-3">
            <CCol sm={6}>{text('firstName', 'First name', 'given-name')}</CCol>
            <CCol sm={6}>{text('lastName', 'Last name', 'family-name')}</CCol>
            <CCol xs={12}>{text('address', 'Address', 'street-address')}</CCol>
            <CCol sm={6} lg={5}>
              {text('city', 'City', 'address-level2')}
            </CCol>
            <CCol sm={6} lg={4}>
              <CFormLabel htmlFor="profile-state">State</CFormLabel>
              <CFormSelect
                id="profile-state"
                autoComplete="address-level1"
                invalid={Boolean(errors.state)}
                {...register('state')}
              >
                <option value="">Select…</option>
                {states.map((state) => (
                  <option key={state} value={state}>
                    {state}
                  </option>
                ))}
              </CFormSelect>
            </CCol>
            <CCol sm={6} lg={3}>
              {text('zip', 'ZIP', 'postal-code', { inputMode: 'numeric' })}
            </CCol>
            <CCol sm={6}>{text('phone', 'Phone', 'tel', { type: 'tel', inputMode: 'tel' })}</CCol>
          </CRow>
          <div className="d-flex flex-wrap gap-2 mt-4">
            <CButton type="submit" color="primary" disabled={formState.isSubmitting}>
              {formState.isSubmitting ? (
                <>
                  <CSpinner size="sm" className="me-2" aria-hidden="true" />
                  Saving...
                </>
              ) : (
                'Save profile'
              )}
            </CButton>
            <CButton
              type="button"
              color="secondary"
              variant="outline"
              disabled={!formState.isDirty || formState.isSubmitting}
              onClick={() => {
                setServerError(null);
                reset(formValues(profile));
              }}
            >
              Undo changes
            </CButton>
          </div>
        </CForm>
      </CCardBody>
    </CCard>
  );
}
