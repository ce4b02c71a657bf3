import { memo } from 'react';
import { formLabelOf, GAIT_DESIGNATIONS, REGISTRATION_TYPES } from '@registry/domain';
import { ChoiceGroup } from '../fields/choice-group';

/** Spec §2.6 item 1. */
export const RegistrationTypeSection = memo(function RegistrationTypeSection() {
  return (
    <ChoiceGroup
      name="registrationType"
      legend={formLabelOf('registrationType')}
      legendHidden
      options={REGISTRATION_TYPES}
    />
  );
});

/** Spec §2.6 item 2. */
export const GaitDesignationSection = memo(function GaitDesignationSection() {
  return (
    <ChoiceGroup
      name="gaitDesignation"
      legend={formLabelOf('gaitDesignation')}
      legendHidden
      options={GAIT_DESIGNATIONS}
    />
  );
});
