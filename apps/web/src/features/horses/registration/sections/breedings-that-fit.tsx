import { useEffect, useMemo, useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { CFormCheck, CSpinner } from '@coreui/react';
import {
  BREEDING_METHOD_LABELS,
  GESTATION_MAX_DAYS,
  GESTATION_MIN_DAYS,
  isIsoDate,
  type BreedingFit,
  type BreedingFitsQuery,
} from '@registry/domain';
import { formatDaySlashed } from '../../../../lib/format';
import { useDebouncedValue } from '../../../../lib/use-debounced-value';
import { useBreedingFits } from '../../../breeding-reports/api';
import type { HorseFormValues } from '../form-values';
import { useRegistration } from '../registration-context';

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** The fits query for what the form holds now, or null until a sire, a dam and a date are in. */
export function fitsQuery(values: {
  sireName: unknown;
  sireReg: unknown;
  damName: unknown;
  damReg: unknown;
  foalDate: unknown;
}): BreedingFitsQuery | null {
  const foalDate = text(values.foalDate);
  const sire = { name: text(values.sireName), reg: text(values.sireReg) };
  const dam = { name: text(values.damName), reg: text(values.damReg) };
  if (!isIsoDate(foalDate) || (!sire.name && !sire.reg) || (!dam.name && !dam.reg)) return null;
  return {
    foalDate,
    ...(sire.reg ? { sireRegistrationNumber: sire.reg } : {}),
    ...(sire.name ? { sireName: sire.name } : {}),
    ...(dam.reg ? { damRegistrationNumber: dam.reg } : {}),
    ...(dam.name ? { damName: dam.name } : {}),
  };
}

function describe(fit: BreedingFit): string {
  const dates = fit.breedingDates.map((date) => formatDaySlashed(date)).join(', ');
  return `${fit.stallion.name} × ${fit.mareName} · ${fit.season} season, bred ${dates} (${BREEDING_METHOD_LABELS[fit.method]}) · ${fit.gestationDays} days before the foal date`;
}

/**
 * "Breedings that fit" (docs/api.md "Breeding reports"): the stallion reports that name the
 * foal's sire and dam with a breeding date GESTATION_MIN_DAYS-GESTATION_MAX_DAYS days before its
 * foal date. Choosing one writes the sire's and dam's names and numbers into the pedigree (the
 * numbers then fill the ancestors, parent-link.tsx) and sends the breeding with the save,
 * where the server checks it again and links the registered sire and dam.
 */
export function BreedingsThatFit() {
  const { readOnly, breedingChoice } = useRegistration();
  const { setValue } = useFormContext<HorseFormValues>();
  const [sireName, sireReg, damName, damReg, foalDate] = useWatch<HorseFormValues>({
    name: ['sire.name', 'sire.reg', 'dam.name', 'dam.reg', 'foalDate'],
  });
  const typed = useMemo(
    () => fitsQuery({ sireName, sireReg, damName, damReg, foalDate }),
    [sireName, sireReg, damName, damReg, foalDate],
  );
  const query = useDebouncedValue(typed, 500);
  const fits = useBreedingFits(readOnly ? null : query);
  const [chosen, setChosen] = useState<string | null>(null);
  // Only a list of fits counts (not, say, a page a proxy answered in its place).
  const list = Array.isArray(fits.data) ? fits.data : [];

  // A choice no longer among the fits (the dam or the date changed) is dropped.
  const stillFits = chosen !== null && list.some((fit) => fit.breedingMareId === chosen);
  useEffect(() => {
    if (breedingChoice) breedingChoice.current = stillFits ? chosen : null;
  }, [breedingChoice, chosen, stillFits]);

  if (readOnly || !breedingChoice || query === null) return null;

  const choose = (fit: BreedingFit) => {
    setChosen(fit.breedingMareId);
    const set = (path: 'sire.name' | 'sire.reg' | 'dam.name' | 'dam.reg', value: string) =>
      setValue(path, value, { shouldDirty: true, shouldValidate: true });
    set('sire.name', fit.stallion.name);
    set('sire.reg', fit.stallion.registrationNumber);
    set('dam.name', fit.mare?.name ?? fit.mareName);
    if (fit.mare) set('dam.reg', fit.mare.registrationNumber);
  };

  return (
    <section className="border rounded p-2 mb-3" aria-labelledby="breedings-fit-title">
      <h3 id="breedings-fit-title" className="h6">
        Breedings that fit
      </h3>
      {fits.loading && list.length === 0 ? (
        <p className="small mb-0" role="status">
          <CSpinner size="sm" className="me-2" aria-hidden="true" />
          Looking for breeding reports of this sire and dam…
        </p>
      ) : list.length === 0 ? (
        <p className="small mb-0" role="status">
          {fits.error
            ? 'The breeding reports could not be searched. You can still save; the office checks it.'
            : `No stallion breeding report names this sire and dam ${GESTATION_MIN_DAYS}-${GESTATION_MAX_DAYS} days before the foal date. You can still save; the registry office sees it as "no breeding report".`}
        </p>
      ) : (
        <div role="radiogroup" aria-labelledby="breedings-fit-title">
          <p className="small mb-2">
            Choose the breeding this foal came from: its sire and dam are then linked to their
            registered records and the pedigree is filled from them.
          </p>
          {list.map((fit) => (
            <CFormCheck
              key={fit.breedingMareId}
              type="radio"
              name="breeding-fit"
              id={`breeding-fit-${fit.breedingMareId}`}
              label={describe(fit)}
              checked={stillFits && chosen === fit.breedingMareId}
              onChange={() => choose(fit)}
            />
          ))}
          <CFormCheck
            type="radio"
            name="breeding-fit"
            id="breeding-fit-none"
            label="None of these"
            checked={!stillFits}
            onChange={() => setChosen(null)}
          />
        </div>
      )}
    </section>
  );
}
