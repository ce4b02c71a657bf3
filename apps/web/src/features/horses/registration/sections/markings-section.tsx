import { memo } from 'react';
import {
  COLORS,
  MARKING_ACCEPT,
  MARKING_DOCUMENTS_MIN,
  PATTERNS,
  type HorseFormMode,
} from '@registry/domain';
import { FileInput } from '../fields/file-input';
import { SelectInput } from '../fields/select-input';
import { TextInput } from '../fields/text-input';
import type { HorseFieldName } from '../fields/use-field-error';
import { useRegistration } from '../registration-context';

const DESCRIPTIONS: ReadonlyArray<[HorseFieldName, string]> = [
  ['othermarkings.left', 'Left Side'],
  ['othermarkings.right', 'Right Side'],
  ['othermarkings.face', 'Face'],
  ['othermarkings.chin', 'Upper Lip and Chin'],
  ['othermarkings.frontLeg', 'Front Legs'],
  ['othermarkings.hindLeg', 'Hind Legs'],
  ['othermarkings.maneColor', 'Mane Color'],
  ['othermarkings.tailColor', 'Tail Color'],
];

function markingsHint(mode: HorseFormMode, hasStored: boolean): string {
  const types = 'PNG, JPEG or JPG, 10MB max each';
  if (mode === 'view') return `Photos of the markings (${types}).`;
  if (hasStored) {
    return `New photos (${types}) replace the current set and must be at least ${MARKING_DOCUMENTS_MIN}.`;
  }
  return `At least ${MARKING_DOCUMENTS_MIN} photos showing the markings (${types}). You can add them in several picks.`;
}

/** Spec §2.6 item 13. */
export const MarkingsSection = memo(function MarkingsSection() {
  const { mode, horse } = useRegistration();
  const stored = horse?.markingDocuments ?? [];
  const hasStored = mode !== 'register' && stored.length > 0;
  return (
    <div className="row g-3">
      <SelectInput className="col-md-6" name="color" label="Color" options={COLORS} required />
      <SelectInput
        className="col-md-6"
        name="pattern"
        label="Pattern"
        options={PATTERNS}
        required
      />
      {DESCRIPTIONS.map(([name, label]) => (
        <TextInput key={name} className="col-md-6 col-lg-3" name={name} label={label} />
      ))}
      <FileInput
        className="col-12"
        name="markingDocuments"
        label="Horse Marking Documents"
        accept={MARKING_ACCEPT}
        multiple
        required={!hasStored}
        hint={markingsHint(mode, hasStored)}
        current={hasStored ? stored : null}
      />
    </div>
  );
});
