import type { Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  buildHorseSchema,
  buildRegistrationDetailsSchema,
  storedRequiredFiles,
  valueAtPath,
  type HorseFormMode,
} from '@registry/domain';
import type { Horse } from '../../../lib/horse-types';
import { bankAccountByProvider } from '../../payments/payment-method';
import type { HorseFormOutput, HorseFormValues } from './form-values';

type HorseResolver = Resolver<HorseFormValues, unknown, HorseFormOutput>;

/**
 * The domain's rules for the mode: the full register rules (payment section included) when
 * registering, the edit rules otherwise, where stored files satisfy the required ones.
 * Its own chunk with zod (form-resolver.ts loads it on the first check).
 */
export function schemaResolver(
  mode: HorseFormMode,
  horse: Horse | null | undefined,
  withoutPayment: boolean,
  storedPhotosInForm = false,
): HorseResolver {
  if (mode === 'register' && withoutPayment) {
    // An administrator registering on a member's behalf: the office takes payment separately.
    return zodResolver(buildRegistrationDetailsSchema()) as unknown as HorseResolver;
  }
  if (mode === 'register') {
    // Stripe links the bank account itself, so the routing and account numbers are not the
    // form's to require then; which provider it is is known once its fields have loaded.
    const byProvider: Partial<Record<'typed' | 'linked', HorseResolver>> = {};
    const rulesFor = (linked: boolean): HorseResolver =>
      (byProvider[linked ? 'linked' : 'typed'] ??= zodResolver(
        buildHorseSchema('register', { bankAccountByProvider: linked }),
      ) as unknown as HorseResolver);
    return (values, context, options) =>
      rulesFor(bankAccountByProvider())(values, context, options);
  }
  const schema = buildHorseSchema(mode, {
    // The required files (the files' table) the answer holds: an edit may leave them out.
    hasExistingFiles: storedRequiredFiles((slot) => {
      const stored = valueAtPath(horse, slot.path);
      if (!Array.isArray(stored)) return Boolean(stored);
      // Listed in the form, the stored photos count like chosen ones (an empty list is missing).
      return !storedPhotosInForm && stored.length > 0;
    }),
  });
  // The edit schema reads a subset of these values and strips the rest.
  return zodResolver(schema) as unknown as HorseResolver;
}
