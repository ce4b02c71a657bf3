import './search.css';
import { useId } from 'react';
import {
  CButton,
  CModal,
  CModalBody,
  CModalFooter,
  CModalHeader,
  CModalTitle,
} from '@coreui/react';
import { LoadError, LoadingBlock } from '../../components/load-states';
import {
  MARKING_DESCRIPTION_KEYS,
  PUBLIC_TEXT_KEYS,
  markingRecordLabel,
  textField,
} from '@registry/domain';
import { PedigreeChart, type PedigreeLine } from '../../components/pedigree-chart';
import { RegisteredPedigree } from '../../components/horse-lineage';
import { OffspringList } from '../../components/offspring-list';
import { toDateInputValue } from '../../lib/format';
import type { PublicHorseSummary } from '../../lib/horse-summaries';
import { horseDisplayName, isImageFile, type PublicHorse } from '../../lib/horse-types';
import { usePublicHorse } from './api';

function line(parent: PublicHorse['sire'] | undefined): PedigreeLine {
  return {
    parent,
    grandSire: parent?.grand_sire,
    grandDam: parent?.grand_dam,
    greatGrandSire: parent?.great_grand_sire,
    greatGrandDam: parent?.great_grand_dam,
  };
}

const MARKING_LABELS = MARKING_DESCRIPTION_KEYS.map(
  (key): [keyof NonNullable<PublicHorse['othermarkings']>, string] => [
    key,
    markingRecordLabel(key),
  ],
);

/** The public text fields shown as facts; VERIFIED is shown only when earned, as a badge word. */
const FACT_KEYS = PUBLIC_TEXT_KEYS.filter((key) => key !== 'verified');

function Fact({ term, value }: { term: string; value: string | null | undefined }) {
  return (
    <>
      <dt className="col-sm-5 col-lg-4">{term}</dt>
      <dd className="col-sm-7 col-lg-8">{value?.trim() || '—'}</dd>
    </>
  );
}

/**
 * A read-only view of a registered horse: facts, marking photos and pedigree. The search row
 * (`summary`) names it at once; the record itself is fetched when the dialog opens.
 */
export function HorseDetailsDialog({
  summary,
  visible,
  onClose,
}: {
  summary: PublicHorseSummary | null;
  visible: boolean;
  onClose: () => void;
}) {
  const titleId = useId();
  const record = usePublicHorse(visible && summary ? summary._id : null);
  // A record left from the previously opened horse is not shown under this one's name.
  const horse = record.data && record.data._id === summary?._id ? record.data : null;
  const name = summary ? horseDisplayName(summary) : '';
  return (
    <CModal
      visible={visible && summary !== null}
      onClose={onClose}
      size="lg"
      fullscreen="sm"
      aria-labelledby={titleId}
    >
      <CModalHeader>
        <CModalTitle as="h2" className="h5" id={titleId}>
          {name}
        </CModalTitle>
      </CModalHeader>
      <CModalBody>
        <LoadError
          lead="The horse could not be loaded"
          error={record.error}
          loading={record.loading}
          onRetry={record.reload}
        />
        {horse ? (
          <HorseFacts horse={horse} name={name} />
        ) : (
          !record.error && <LoadingBlock label={`Loading ${name}`} />
        )}
      </CModalBody>
      <CModalFooter>
        <CButton color="secondary" variant="outline" onClick={onClose}>
          Close
        </CButton>
      </CModalFooter>
    </CModal>
  );
}

function HorseFacts({ horse, name }: { horse: PublicHorse; name: string }) {
  const photos = (horse.markingDocuments ?? []).filter(isImageFile);
  const markings = MARKING_LABELS.filter(([key]) => horse.othermarkings?.[key]?.trim());
  const typedChart = (
    <PedigreeChart
      subject={{ name, reg: horse.registrationNum }}
      sire={line(horse.sire)}
      dam={line(horse.dam)}
      label={`Pedigree of ${name}`}
    />
  );
  return (
    <>
      <dl className="row mb-3">
        <Fact term="Registration number" value={horse.registrationNum} />
        {/* Every public text field, labelled and ordered by the domain's field tables (Bred by too). */}
        {FACT_KEYS.map((key) => {
          const field = textField(key);
          const value = horse[key];
          return (
            <Fact
              key={key}
              term={field.label}
              value={field.day ? toDateInputValue(value).replace(/-/g, '/') : value}
            />
          );
        })}
        {horse.verified === 'Yes' && <Fact term="Performance" value="VERIFIED" />}
      </dl>

      <h3 className="h6">Markings</h3>
      {markings.length > 0 ? (
        <dl className="row mb-3">
          {markings.map(([key, label]) => (
            <Fact key={key} term={label} value={horse.othermarkings?.[key]} />
          ))}
        </dl>
      ) : (
        <p className="text-body-secondary">No marking descriptions.</p>
      )}
      {photos.length > 0 ? (
        <ul className="row g-2 list-unstyled mb-3" aria-label="Marking photos">
          {photos.map((photo, index) => (
            <li key={photo.id || photo.url} className="col-6 col-md-3">
              <a href={photo.url} target="_blank" rel="noopener noreferrer">
                <img
                  src={photo.url}
                  alt={`Marking photo ${index + 1} of ${name}`}
                  className="marking-photo"
                  loading="lazy"
                />
              </a>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-body-secondary">No marking photos.</p>
      )}

      <h3 className="h6">Pedigree</h3>
      {horse.registrationNum ? (
        // Five generations through its registered ancestors; the typed chart until it comes.
        <RegisteredPedigree
          registrationNumber={horse.registrationNum}
          name={name}
          fallback={typedChart}
          newTab
        />
      ) : (
        typedChart
      )}
      {horse.registrationNum && (
        <>
          <h3 className="h6 mt-3">Offspring</h3>
          <OffspringList registrationNumber={horse.registrationNum} name={name} newTab />
        </>
      )}
    </>
  );
}
