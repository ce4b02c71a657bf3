import { startTransition, useEffect } from 'react';
import type { FieldPath, UseFormReturn } from 'react-hook-form';
import { OWNER_ADDRESS_KEYS, type MemberProfile, type OwnerAddressKey } from '@registry/domain';
import { afterPaintIsShown } from '../../../lib/after-next-paint';
import { api } from '../../../lib/api-client';
import { useAppSelector } from '../../../stores/hooks';
import type { HorseFormValues } from './form-values';

// Only reading and writing values: any form over the horse form's values (the register form,
// or the My Horses Pay dialog with its own output) can be filled.
type Form = Pick<UseFormReturn<HorseFormValues>, 'getValues' | 'setValue'>;

/** The profile fields the prefill reads: the member's own profile or the office's member row. */
export type PrefillProfile = Pick<
  MemberProfile,
  'firstName' | 'lastName' | 'memberNumber' | OwnerAddressKey | 'phone' | 'email'
>;

/** What a member's profile fills in: owner 1 and the billing contact. */
export function prefillFromProfile(profile: PrefillProfile): Record<string, string> {
  const name = [profile.firstName, profile.lastName].filter(Boolean).join(' ');
  const place = [profile.city, [profile.state, profile.zip].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
  return {
    'owners.0.memberNum': profile.memberNumber ?? '',
    'owners.0.name': name,
    // The owner row's postal address (domain horse/owner-fields.ts): the profile's same fields.
    ...Object.fromEntries(OWNER_ADDRESS_KEYS.map((key) => [`owners.0.${key}`, profile[key] ?? ''])),
    'billingInfo.accountHolderName': name,
    'billingInfo.email': profile.email,
    'billingInfo.phoneNumber': profile.phone ?? '',
    'billingInfo.billingAddress': [profile.address, place].filter(Boolean).join(', '),
  };
}

/**
 * Where the prefill comes from: a member registering reads their own profile; the office
 * registering on a member's behalf reads the chosen member (GET admin/members/:id).
 */
function profileUrl(
  enabled: boolean,
  user: { id?: string | undefined; role?: string | undefined },
  onBehalfOf: string | undefined,
): string | undefined {
  if (!enabled) return undefined;
  if (onBehalfOf) return `admin/members/${encodeURIComponent(onBehalfOf)}`;
  return user.role === 'member' && user.id ? `members/${encodeURIComponent(user.id)}` : undefined;
}

/**
 * Whether the member is in this field: an empty field they are typing into is theirs. Filled
 * under the caret, the profile's text would run on into what they type next (seen in the
 * payments browser test: "member1@example.orgcasey@example.org").
 */
function typingIn(path: string): boolean {
  const active = document.activeElement;
  return active instanceof HTMLElement && active.getAttribute('name') === path;
}

/**
 * A registration starts with owner 1 and billing filled from the owner's profile (issue 21);
 * only fields still empty, and not the one being typed in, are filled, so nothing typed is
 * overwritten or run into.
 */
export function useOwnerPrefill(enabled: boolean, form: Form, onBehalfOf?: string): void {
  const user = useAppSelector((state) => state.session.userData);
  const url = profileUrl(enabled, user, onBehalfOf);
  const { getValues, setValue } = form;
  useEffect(() => {
    if (!url) return;
    const controller = new AbortController();
    // The form paints first; the profile fills it a moment later.
    const cancel = afterPaintIsShown(() => {
      api
        .get<PrefillProfile>(url, undefined, { signal: controller.signal })
        .then(({ data }) =>
          // A transition: the fields re-render in slices the page can answer between, not in
          // one long task while the member may already be typing.
          startTransition(() => {
            for (const [path, value] of Object.entries(prefillFromProfile(data))) {
              const field = path as FieldPath<HorseFormValues>;
              if (value && !getValues(field) && !typingIn(path)) setValue(field, value as never);
            }
          }),
        )
        // No profile, no prefill: the fields are typed as before.
        .catch(() => undefined);
    });
    return () => {
      cancel();
      controller.abort();
    };
  }, [url, getValues, setValue]);
}
