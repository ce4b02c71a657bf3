import { useEffect } from 'react';
import type { FieldPath, UseFormReturn } from 'react-hook-form';
import type { MemberProfile } from '@registry/domain';
import { api } from '../../../lib/api-client';
import { useAppSelector } from '../../../stores/hooks';
import type { HorseFormOutput, HorseFormValues } from './form-values';

type Form = UseFormReturn<HorseFormValues, unknown, HorseFormOutput>;

/** What the signed-in member's profile fills in: owner 1 and the billing contact. */
export function prefillFromProfile(profile: MemberProfile): Record<string, string> {
  const name = [profile.firstName, profile.lastName].filter(Boolean).join(' ');
  const place = [profile.city, [profile.state, profile.zip].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
  return {
    'owners.0.memberNum': profile.memberNumber ?? '',
    'owners.0.name': name,
    'owners.0.address': profile.address ?? '',
    'owners.0.city': profile.city ?? '',
    'owners.0.state': profile.state ?? '',
    'owners.0.zip': profile.zip ?? '',
    'billingInfo.accountHolderName': name,
    'billingInfo.email': profile.email,
    'billingInfo.phoneNumber': profile.phone ?? '',
    'billingInfo.billingAddress': [profile.address, place].filter(Boolean).join(', '),
  };
}

/**
 * A member registering their own horse starts with owner 1 and billing filled from their
 * profile (issue 21); only fields still empty are filled, so nothing typed is overwritten.
 */
export function useOwnerPrefill(enabled: boolean, form: Form): void {
  const user = useAppSelector((state) => state.session.userData);
  const memberId = enabled && user.role === 'member' ? user.id : undefined;
  const { getValues, setValue } = form;
  useEffect(() => {
    if (!memberId) return;
    const controller = new AbortController();
    api
      .get<MemberProfile>(`members/${encodeURIComponent(memberId)}`, undefined, {
        signal: controller.signal,
      })
      .then(({ data }) => {
        for (const [path, value] of Object.entries(prefillFromProfile(data))) {
          const field = path as FieldPath<HorseFormValues>;
          if (value && !getValues(field)) setValue(field, value as never);
        }
      })
      // No profile, no prefill: the member types the fields as before.
      .catch(() => undefined);
    return () => controller.abort();
  }, [memberId, getValues, setValue]);
}
