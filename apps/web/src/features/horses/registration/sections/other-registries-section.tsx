import { memo } from 'react';
import {
  OTHER_REGISTRY_NAME_MAX,
  OTHER_REGISTRY_NUMBER_MAX,
  OTHER_REGISTRY_SLOTS,
} from '@registry/domain';
import { FileInput } from '../fields/file-input';
import { TextInput } from '../fields/text-input';

const SLOTS = Array.from({ length: OTHER_REGISTRY_SLOTS }, (_, index) => index);

const RegistrySlot = memo(function RegistrySlot({ index }: { index: number }) {
  return (
    <fieldset className="col-12 col-lg-6 horse-subgroup">
      <legend className="horse-subgroup-legend">Other Registry {index + 1}</legend>
      <div className="row g-2">
        <TextInput
          className="col-sm-6"
          name={`otherRegistries.${index}.registryName`}
          label="Registry Name"
          hint={`Up to ${OTHER_REGISTRY_NAME_MAX} characters.`}
        />
        <TextInput
          className="col-sm-6"
          name={`otherRegistries.${index}.registryNumber`}
          label="Registry Number"
          hint={`Up to ${OTHER_REGISTRY_NUMBER_MAX} characters.`}
        />
        <FileInput className="col-12" name={`otherRegistries.${index}.registryPaperwork`} />
      </div>
    </fieldset>
  );
});

/** Spec §2.6 item 10: four optional slots. */
export const OtherRegistriesSection = memo(function OtherRegistriesSection() {
  return (
    <div className="row g-3">
      {SLOTS.map((index) => (
        <RegistrySlot key={index} index={index} />
      ))}
    </div>
  );
});
