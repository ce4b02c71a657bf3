import { createContext, useContext, type RefObject } from 'react';
import type { HorseFormMode } from '@registry/domain';
import type { Horse } from '../../../lib/horse-types';
import type { CardEntry } from '../../payments/card-entry';
import type { RegisterLookups } from './register-lookups';

export interface RegistrationContextValue {
  mode: HorseFormMode;
  /** View mode: every field disabled. */
  readOnly: boolean;
  /** The stored horse in edit and view modes, for its files and read-only facts. */
  horse: Horse | null;
  /** Set by the first Save: from then on, cross-field checks run as soon as either side changes. */
  submittedRef: RefObject<boolean>;
  /** Register mode: what the secure card fields report (never the card number itself). */
  cardEntry?: CardEntry;
  /** The server's answers on name choices and owners' member numbers (register-lookups.ts). */
  lookups?: RegisterLookups;
  /**
   * Paying for a stored horse: the fee lines already paid (docs/api.md "Payments"), left out of
   * the amounts shown, as the server leaves them out of the charge.
   */
  feesPaid?: readonly string[];
  /**
   * Paying one fixed fee instead of the registration's lines (a member transfer's fee, issue 31
   * item 1): the section shows it alone and the card fields are told its amount.
   */
  fixedFee?: { label: string; cents: number };
  /**
   * The reported breeding chosen under "Breedings that fit" (its report line's id), sent with
   * the save as `breedingMareId`; null when none is chosen.
   */
  breedingChoice?: RefObject<string | null>;
}

export const RegistrationContext = createContext<RegistrationContextValue | null>(null);

export function useRegistration(): RegistrationContextValue {
  const value = useContext(RegistrationContext);
  if (!value) throw new Error('useRegistration() outside the registration form');
  return value;
}

/** Ids derive from field paths, so labels, errors and the focus-on-error search agree. */
export function fieldId(name: string): string {
  return `horse-${name.replace(/\./g, '-')}`;
}
