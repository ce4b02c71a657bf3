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
import { PedigreeChart, type PedigreeLine } from '../../components/pedigree-chart';
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

const MARKING_LABELS: ReadonlyArray<[keyof NonNullable<PublicHorse['othermarkings']>, string]> = [
  ['left', 'Left side'],
  ['right', 'Right side'],
  ['face', 'Face'],
  ['chin', 'Upper lip and chin'],
  ['frontLeg', 'Front legs'],
  ['hindLeg', 'Hind legs'],
  ['maneColor', 'Mane color'],
  ['tailColor', 'Tail color'],
];

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
  return (
    <>
      <dl className="row mb-3">
        <Fact term="Registration number" value={horse.registrationNum} />
        <Fact term="Sex" value={horse.sex} />
        <Fact term="Color" value={horse.color} />
        <Fact term="Pattern" value={horse.pattern} />
        <Fact term="Gait designation" value={horse.gaitDesignation} />
        <Fact term="State foaled in" value={horse.stateFoaledIn} />
        <Fact term="Foal date" value={toDateInputValue(horse.foalDate).replace(/-/g, '/')} />
        <Fact term="Breed" value={horse.breed} />
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
      <PedigreeChart
        subject={{ name, reg: horse.registrationNum }}
        sire={line(horse.sire)}
        dam={line(horse.dam)}
        label={`Pedigree of ${name}`}
      />
    </>
  );
}
