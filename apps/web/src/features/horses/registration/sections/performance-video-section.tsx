import { memo } from 'react';
import { formLabelOf } from '@registry/domain';
import { FileInput } from '../fields/file-input';
import { TextInput } from '../fields/text-input';

/** Spec §2.6 item 5: both optional. */
export const PerformanceVideoSection = memo(function PerformanceVideoSection() {
  return (
    <div className="row g-3">
      <TextInput
        className="col-12"
        name="performanceLink"
        label={formLabelOf('performanceLink')}
        type="url"
        placeholder="https://"
      />
      <FileInput className="col-12" name="performanceDocument" hint="WMV or MP4, 20MB max." />
    </div>
  );
});
