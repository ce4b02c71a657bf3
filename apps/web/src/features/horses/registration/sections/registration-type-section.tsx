import { memo } from 'react';
import { GAIT_DESIGNATIONS, REGISTRATION_TYPES } from '@registry/domain';
import { ChoiceGroup } from '../fields/choice-group';

/** Spec §2.6 item 1. */
export const RegistrationTypeSection = memo(function RegistrationTypeSection() {
  return (
    <ChoiceGroup
      name="registrationType"
      legend="Registration Type"
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
      legend="Gait Designation"
      legendHidden
      options={GAIT_DESIGNATIONS}
    />
  );
});
