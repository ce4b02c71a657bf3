import { memo } from 'react';
import {
  MARKING_DESCRIPTION_KEYS,
  MARKING_DESCRIPTIONS,
  COLORS,
  formLabelOf,
  MARKING_DOCUMENTS_MIN,
  PATTERNS,
  type HorseFormMode,
} from '@registry/domain';
import { FileInput } from '../fields/file-input';
import { SelectInput } from '../fields/select-input';
import { TextInput } from '../fields/text-input';
import type { HorseFieldName } from '../fields/use-field-error';
import { useRegistration } from '../registration-context';
import { useAppSelector } from '../../../../stores/hooks';

const DESCRIPTIONS = MARKING_DESCRIPTION_KEYS.map((key): [HorseFieldName, string] => [
  `othermarkings.${key}`,
  MARKING_DESCRIPTIONS[key].label,
]);

function markingsHint(mode: HorseFormMode, listed: boolean, hasStored: boolean): string {
  const types = 'PNG, JPEG or JPG, 10MB max each';
  if (mode === 'view') return `Photos of the markings (${types}).`;
  if (listed) {
    return `Keep, remove or replace the saved photos, or add new ones: at least ${MARKING_DOCUMENTS_MIN} in all (${types}).`;
  }
  if (hasStored) {
    return `The saved photos are changed by the registry office (${types}).`;
  }
  return `At least ${MARKING_DOCUMENTS_MIN} photos showing the markings (${types}). You can add them in several picks.`;
}

/** Spec §2.6 item 13. */
export const MarkingsSection = memo(function MarkingsSection() {
  const { mode, horse } = useRegistration();
  const stored = horse?.markingDocuments ?? [];
  const hasStored = mode !== 'register' && stored.length > 0;
  // An edit that may change single photos lists the stored ones in the field itself
  // (horse-registration-form.tsx, withStoredPhotos); otherwise they show beside it.
  const isAdmin = useAppSelector((state) => state.session.isAdmin);
  const listed = mode === 'edit' && (isAdmin || horse?.approvalStatus !== 'approved');
  return (
    <div className="row g-3">
      <SelectInput
        className="col-md-6"
        name="color"
        label={formLabelOf('color')}
        options={COLORS}
        required
      />
      <SelectInput
        className="col-md-6"
        name="pattern"
        label={formLabelOf('pattern')}
        options={PATTERNS}
        required
      />
      {DESCRIPTIONS.map(([name, label]) => (
        <TextInput key={name} className="col-md-6 col-lg-3" name={name} label={label} />
      ))}
      <FileInput
        className="col-12"
        name="markingDocuments"
        hint={markingsHint(mode, listed, hasStored)}
        current={hasStored && !listed ? stored : null}
        replaceable
        addLabel="Add photos"
      />
    </div>
  );
});
