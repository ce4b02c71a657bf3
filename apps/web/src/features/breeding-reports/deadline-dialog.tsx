import { useEffect, useState } from 'react';
import { CFormSelect } from '@coreui/react';
import type { BreedingReportSettings } from '@registry/domain';
import { ActionDialog, BusyButton } from '../../components/action-dialog';
import { LabelledField } from '../../components/labelled-field';
import { LoadError, LoadingBlock } from '../../components/load-states';
import { useAction } from '../../lib/use-action';
import { useDeadlineSettings, useSaveDeadline } from './api';

const MONTHS = Array.from({ length: 12 }, (_, i) =>
  new Date(Date.UTC(2000, i, 1)).toLocaleString('en-US', { month: 'long', timeZone: 'UTC' }),
);

/** When a season's breeding reports close: a month and day, in the season's year or the next. */
export function DeadlineDialog({
  visible,
  onClose,
  onDone,
}: {
  visible: boolean;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const query = useDeadlineSettings(visible);
  const save = useSaveDeadline();
  const action = useAction();
  const [value, setValue] = useState<BreedingReportSettings | null>(null);
  useEffect(() => {
    if (visible && query.data) setValue(query.data);
  }, [visible, query.data]);

  const submit = () =>
    value &&
    void action.run(async () => {
      const answer = await save(value).unwrap();
      onDone(answer.message ?? 'Saved');
    });

  return (
    <ActionDialog
      title="Breeding report deadline"
      visible={visible}
      busy={action.busy}
      error={action.error}
      onClose={onClose}
      onSubmit={submit}
      actions={
        <BusyButton
          type="submit"
          color="primary"
          busy={action.busy}
          disabled={!value || action.busy}
        >
          Save deadline
        </BusyButton>
      }
    >
      <LoadError
        lead="The deadline could not be loaded"
        error={query.error}
        loading={query.loading}
        onRetry={query.reload}
      />
      {!value && query.loading && <LoadingBlock label="Loading the deadline…" />}
      {value && (
        <div className="row g-2">
          <p className="small col-12 mb-1">
            Stallion owners file and amend a season&apos;s report until the end of this day (UTC).
          </p>
          <LabelledField
            id="deadline-month"
            label="Month"
            error={undefined}
            className="col-6 col-md-4"
          >
            <CFormSelect
              id="deadline-month"
              value={value.deadlineMonth}
              onChange={(e) => setValue({ ...value, deadlineMonth: Number(e.target.value) })}
            >
              {MONTHS.map((month, i) => (
                <option key={month} value={i + 1}>
                  {month}
                </option>
              ))}
            </CFormSelect>
          </LabelledField>
          <LabelledField id="deadline-day" label="Day" error={undefined} className="col-6 col-md-3">
            <CFormSelect
              id="deadline-day"
              value={value.deadlineDay}
              onChange={(e) => setValue({ ...value, deadlineDay: Number(e.target.value) })}
            >
              {Array.from({ length: 31 }, (_, i) => (
                <option key={i} value={i + 1}>
                  {i + 1}
                </option>
              ))}
            </CFormSelect>
          </LabelledField>
          <LabelledField
            id="deadline-year"
            label="Year"
            error={undefined}
            className="col-12 col-md-5"
          >
            <CFormSelect
              id="deadline-year"
              value={value.deadlineYearOffset}
              onChange={(e) =>
                setValue({ ...value, deadlineYearOffset: e.target.value === '1' ? 1 : 0 })
              }
            >
              <option value={0}>of the season</option>
              <option value={1}>after the season</option>
            </CFormSelect>
          </LabelledField>
        </div>
      )}
    </ActionDialog>
  );
}
