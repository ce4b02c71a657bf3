import { useId } from 'react';
import { CButton, CFormCheck, CFormInput, CFormSelect } from '@coreui/react';
import { BREEDING_METHOD_LABELS, BREEDING_METHODS, type BreedingMethod } from '@registry/domain';
import { LabelledField, errorProps } from '../../components/labelled-field';
import { TextField } from '../../components/text-field';
import { emptyLine, type LineDraft } from './report-lines';

type Fields = Record<string, string> | undefined;

/** One mare of the report: who she is, when and how she was bred. */
function LineFields({
  line,
  index,
  season,
  fields,
  onChange,
  onRemove,
}: {
  line: LineDraft;
  index: number;
  season: number;
  fields: Fields;
  onChange: (line: LineDraft) => void;
  onRemove: (() => void) | null;
}) {
  const base = useId();
  const at = (field: string) => fields?.[`mares.${index}.${field}`];
  const set = (patch: Partial<LineDraft>) => onChange({ ...line, ...patch });
  const datesError = at('breedingDates');
  return (
    <fieldset className="border rounded p-2 mb-3">
      <legend className="h6 float-none w-auto px-1 mb-1">
        Mare {index + 1}
        {line.id && <span className="visually-hidden"> (filed)</span>}
      </legend>
      <div
        className="d-flex flex-wrap gap-3 mb-2"
        role="radiogroup"
        aria-label={`Mare ${index + 1}`}
      >
        <CFormCheck
          type="radio"
          id={`${base}-reg`}
          name={`${base}-kind`}
          label="Registered mare"
          checked={line.registered}
          onChange={() => set({ registered: true })}
        />
        <CFormCheck
          type="radio"
          id={`${base}-other`}
          name={`${base}-kind`}
          label="Other mare"
          checked={!line.registered}
          onChange={() => set({ registered: false })}
        />
      </div>
      <div className="row g-2">
        {line.registered ? (
          <TextField
            className="col-12 col-md-6"
            id={`${base}-number`}
            label="Mare's registration number"
            value={line.mareRegistrationNumber}
            error={at('mareRegistrationNumber')}
            autoComplete="off"
            onChange={(event) => set({ mareRegistrationNumber: event.target.value })}
          />
        ) : (
          <>
            <TextField
              className="col-12 col-md-6"
              id={`${base}-name`}
              label="Mare's name"
              value={line.mareName}
              error={at('mareName')}
              onChange={(event) => set({ mareName: event.target.value })}
            />
            <TextField
              className="col-12 col-md-6"
              id={`${base}-owner`}
              label="Mare's owner"
              value={line.mareOwnerName}
              error={at('mareOwnerName')}
              onChange={(event) => set({ mareOwnerName: event.target.value })}
            />
          </>
        )}
        <LabelledField
          id={`${base}-method`}
          label="Method"
          error={at('method')}
          className="col-12 col-md-6"
        >
          <CFormSelect
            id={`${base}-method`}
            value={line.method}
            {...errorProps(`${base}-method`, at('method'))}
            onChange={(event) => set({ method: event.target.value as BreedingMethod })}
          >
            <option value="">Choose…</option>
            {BREEDING_METHODS.map((method) => (
              <option key={method} value={method}>
                {BREEDING_METHOD_LABELS[method]}
              </option>
            ))}
          </CFormSelect>
        </LabelledField>
        <div className="col-12">
          <p className="form-label mb-1" id={`${base}-dates-label`}>
            Breeding date{line.breedingDates.length > 1 ? 's' : ''} (in {season})
          </p>
          <div
            className="d-flex flex-wrap gap-2"
            aria-labelledby={`${base}-dates-label`}
            role="group"
          >
            {line.breedingDates.map((date, i) => (
              <div key={i} className="d-flex gap-1 align-items-center">
                <CFormInput
                  type="date"
                  aria-label={`Breeding date ${i + 1} of mare ${index + 1}`}
                  value={date}
                  min={`${season}-01-01`}
                  max={`${season}-12-31`}
                  invalid={Boolean(datesError)}
                  onChange={(event) => {
                    const dates = [...line.breedingDates];
                    dates[i] = event.target.value;
                    set({ breedingDates: dates });
                  }}
                />
                {line.breedingDates.length > 1 && (
                  <CButton
                    size="sm"
                    color="secondary"
                    variant="ghost"
                    aria-label={`Remove breeding date ${i + 1} of mare ${index + 1}`}
                    onClick={() =>
                      set({ breedingDates: line.breedingDates.filter((_, j) => j !== i) })
                    }
                  >
                    ×
                  </CButton>
                )}
              </div>
            ))}
            <CButton
              size="sm"
              color="secondary"
              variant="outline"
              onClick={() => set({ breedingDates: [...line.breedingDates, ''] })}
            >
              Add a date
            </CButton>
          </div>
          {datesError && (
            <div className="invalid-feedback d-block" role="alert">
              {datesError}
            </div>
          )}
        </div>
      </div>
      {onRemove && (
        <div className="text-end mt-2">
          <CButton size="sm" color="danger" variant="outline" onClick={onRemove}>
            Remove mare {index + 1}
          </CButton>
        </div>
      )}
    </fieldset>
  );
}

/** The mares of one season's report, as the stallion owner types them. */
export function ReportForm({
  season,
  lines,
  fields,
  onChange,
}: {
  season: number;
  lines: LineDraft[];
  fields: Fields;
  onChange: (lines: LineDraft[]) => void;
}) {
  return (
    <>
      {lines.map((line, index) => (
        <LineFields
          key={line.key}
          line={line}
          index={index}
          season={season}
          fields={fields}
          onChange={(next) => onChange(lines.map((l) => (l.key === line.key ? next : l)))}
          onRemove={
            lines.length > 1 ? () => onChange(lines.filter((l) => l.key !== line.key)) : null
          }
        />
      ))}
      <CButton color="primary" variant="outline" onClick={() => onChange([...lines, emptyLine()])}>
        Add a mare
      </CButton>
    </>
  );
}
