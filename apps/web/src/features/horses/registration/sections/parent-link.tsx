import { useEffect, useState } from 'react';
import { useFormContext, useWatch, type FieldPath } from 'react-hook-form';
import {
  PEDIGREE_ANCESTORS,
  PEDIGREE_MESSAGES,
  normalizeRegistrationNumber,
  type PedigreeFill,
  type PedigreeParent,
} from '@registry/domain';
import { api, type ApiError } from '../../../../lib/api-client';
import { useDebouncedValue } from '../../../../lib/use-debounced-value';
import type { HorseFormValues } from '../form-values';

type Lookup =
  | { state: 'idle' }
  | { state: 'loading' }
  | { state: 'linked'; fill: PedigreeFill }
  | { state: 'missing' };

const TEXT_FIELDS = ['name', 'reg', 'otherRegName', 'otherRegNum'] as const;

/**
 * Linked pedigrees (docs/decisions/0051-linked-pedigrees.md): a sire or dam number that an approved
 * horse of the register carries links to it, and its line fills the ancestors still empty; a number
 * not in the register is kept, with a note that the office checks it.
 */
export function ParentLink({ parent, readOnly }: { parent: PedigreeParent; readOnly: boolean }) {
  const { getValues, setValue } = useFormContext<HorseFormValues>();
  const typed = useWatch<HorseFormValues>({ name: `${parent}.reg` as FieldPath<HorseFormValues> });
  const number = useDebouncedValue(
    normalizeRegistrationNumber(typeof typed === 'string' ? typed : ''),
    400,
  );
  const [lookup, setLookup] = useState<Lookup>({ state: 'idle' });

  useEffect(() => {
    if (number.length < 3) {
      setLookup({ state: 'idle' });
      return;
    }
    const controller = new AbortController();
    setLookup({ state: 'loading' });
    api
      .get<PedigreeFill>(`pedigree/${encodeURIComponent(number)}`, undefined, {
        signal: controller.signal,
      })
      .then(({ data }) => {
        // Only a pedigree answer links (not, say, a page a proxy served in its place).
        if (typeof data?.registrationNumber !== 'string' || !data.grand_sire) {
          setLookup({ state: 'idle' });
          return;
        }
        setLookup({ state: 'linked', fill: data });
        if (readOnly) return;
        // Only empty fields are filled: what the owner typed stays.
        const fill = (path: string, value: string) => {
          const field = path as FieldPath<HorseFormValues>;
          if (value && !getValues(field)) {
            setValue(field, value as never, { shouldDirty: true, shouldValidate: true });
          }
        };
        fill(`${parent}.name`, data.name);
        for (const ancestor of PEDIGREE_ANCESTORS) {
          for (const key of TEXT_FIELDS) fill(`${parent}.${ancestor}.${key}`, data[ancestor][key]);
        }
      })
      .catch((caught: ApiError) => {
        if (caught.canceled || controller.signal.aborted) return;
        setLookup(caught.status === 404 ? { state: 'missing' } : { state: 'idle' });
      });
    return () => controller.abort();
  }, [number, parent, readOnly, getValues, setValue]);

  if (lookup.state === 'linked') {
    return (
      <p className="small text-success-emphasis mb-0" role="status">
        {PEDIGREE_MESSAGES.linked(lookup.fill.registrationNumber, lookup.fill.name)}
        {!readOnly && '. Its ancestors fill the empty fields below.'}
      </p>
    );
  }
  if (lookup.state === 'missing') {
    return (
      <p className="small text-warning-emphasis mb-0" role="status">
        {PEDIGREE_MESSAGES.notFoundHint}
      </p>
    );
  }
  return <span role="status" className="visually-hidden" />;
}
