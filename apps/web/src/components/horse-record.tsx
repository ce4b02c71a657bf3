import type { ReactNode } from 'react';
import { countryOf } from '@registry/domain';
import { toDateInputValue } from '../lib/format';
import {
  horseDisplayName,
  type FileRef,
  type Horse,
  type HorseAncestor,
  type HorseParent,
} from '../lib/horse-types';
import { PedigreeChart, type PedigreeLine } from './pedigree-chart';

const ANCESTORS: ReadonlyArray<[Exclude<keyof HorseParent, keyof HorseAncestor>, string]> = [
  ['grand_sire', 'Grand sire'],
  ['grand_dam', 'Grand dam'],
  ['great_grand_sire', 'Great-grand sire'],
  ['great_grand_dam', 'Great-grand dam'],
];

const MARKINGS: ReadonlyArray<[keyof Horse['othermarkings'], string]> = [
  ['left', 'Left side'],
  ['right', 'Right side'],
  ['face', 'Face'],
  ['chin', 'Upper lip and chin'],
  ['frontLeg', 'Front legs'],
  ['hindLeg', 'Hind legs'],
  ['maneColor', 'Mane color'],
  ['tailColor', 'Tail color'],
];

const day = (value: string | null | undefined) => toDateInputValue(value).replace(/-/g, '/');

function Fact({ term, children }: { term: string; children: ReactNode }) {
  const empty = children === null || children === undefined || children === '';
  return (
    <>
      <dt className="col-sm-5 col-lg-4">{term}</dt>
      <dd className="col-sm-7 col-lg-8">{empty ? '—' : children}</dd>
    </>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mb-4">
      <h3 className="h6 border-bottom pb-1">{title}</h3>
      {children}
    </section>
  );
}

/** A stored upload as a link; signed links expire, so they open in a new tab straight away. */
export function FileLink({ file, label }: { file: FileRef | null | undefined; label?: string }) {
  if (!file) return <span className="text-body-secondary">none</span>;
  return (
    <a href={file.url} target="_blank" rel="noopener noreferrer">
      {label ?? file.name}
      <span className="visually-hidden"> (opens in a new tab)</span>
    </a>
  );
}

function line(parent: HorseParent): PedigreeLine {
  return {
    parent,
    grandSire: parent.grand_sire,
    grandDam: parent.grand_dam,
    greatGrandSire: parent.great_grand_sire,
    greatGrandDam: parent.great_grand_dam,
  };
}

function ParentDetails({ title, parent }: { title: string; parent: HorseParent }) {
  const rows: Array<[string, HorseAncestor]> = [[title, parent]];
  for (const [key, label] of ANCESTORS)
    rows.push([`${title}: ${label.toLowerCase()}`, parent[key]]);
  return (
    <dl className="row small mb-2">
      {rows.map(([label, person]) => (
        <Fact key={label} term={label}>
          {person?.name || person?.reg || person?.otherRegName || person?.paperwork ? (
            <>
              {person.name || '—'}
              {person.reg && ` · reg. ${person.reg}`}
              {(person.otherRegName || person.otherRegNum) &&
                ` · ${person.otherRegName} ${person.otherRegNum}`.trimEnd()}
              {person.paperwork && (
                <>
                  {' · '}
                  <FileLink file={person.paperwork} label="paperwork" />
                </>
              )}
            </>
          ) : null}
        </Fact>
      ))}
    </dl>
  );
}

/** Every field and file of a registration, read-only (admin review and view). */
export function HorseRecord({ horse }: { horse: Horse }) {
  const name = horseDisplayName(horse);
  const registries = horse.otherRegistries.filter(
    (r) => r.registryName || r.registryNumber || r.registryPaperwork,
  );
  return (
    <div>
      <Section title="Registration">
        <dl className="row mb-0">
          <Fact term="Registration type">{horse.registrationType}</Fact>
          <Fact term="Gait designation">{horse.gaitDesignation}</Fact>
          <Fact term="Registration number">{horse.registrationNum}</Fact>
          <Fact term="Approved name">{horse.approvedName}</Fact>
          <Fact term="Name choices">
            <ol className="mb-0 ps-3">
              {[horse.firstChoice, horse.secondChoice, horse.thirdChoice].map((choice, i) => (
                <li key={i}>{choice || '—'}</li>
              ))}
            </ol>
          </Fact>
          <Fact term="Performance verification">{horse.performanceVerification}</Fact>
          <Fact term="VERIFIED">{horse.verified}</Fact>
          <Fact term="Performance video link">
            {horse.performanceLink && (
              <a href={horse.performanceLink} target="_blank" rel="noopener noreferrer">
                {horse.performanceLink}
              </a>
            )}
          </Fact>
          <Fact term="Performance video">
            <FileLink file={horse.performanceDocument} />
          </Fact>
          <Fact term="Registration document">
            <FileLink file={horse.registrationDocument} />
          </Fact>
        </dl>
      </Section>

      <Section title="Breeding">
        <dl className="row mb-0">
          <Fact term="State foaled in">{horse.stateFoaledIn}</Fact>
          <Fact term="Breed">{horse.breed}</Fact>
          <Fact term="Foal date">{day(horse.foalDate)}</Fact>
          <Fact term="Breeding date">{day(horse.breedingDate)}</Fact>
          <Fact term="Bred by">{horse.bredBy}</Fact>
          <Fact term="Sex">{horse.sex}</Fact>
        </dl>
      </Section>

      <Section title="Other registries">
        {registries.length === 0 ? (
          <p className="text-body-secondary mb-0">None.</p>
        ) : (
          <ul className="mb-0">
            {registries.map((r, i) => (
              <li key={i}>
                {r.registryName || '—'} {r.registryNumber}{' '}
                {r.registryPaperwork && <FileLink file={r.registryPaperwork} label="paperwork" />}
              </li>
            ))}
          </ul>
        )}
      </Section>

      <Section title="DNA">
        <dl className="row mb-0">
          <Fact term="Previously DNA tested">{horse.DNA}</Fact>
          <Fact term="DNA case">{horse.DNA_CASE}</Fact>
          <Fact term="DNA test date">{day(horse.DNA_TEST_DATE)}</Fact>
          <Fact term="DNA form within 30 days">{horse.dnaTestSubmission}</Fact>
        </dl>
      </Section>

      <Section title="Pedigree">
        <PedigreeChart
          subject={{ name, reg: horse.registrationNum }}
          sire={line(horse.sire)}
          dam={line(horse.dam)}
          label={`Pedigree of ${name}`}
        />
        <div className="mt-2">
          <ParentDetails title="Sire" parent={horse.sire} />
          <ParentDetails title="Dam" parent={horse.dam} />
        </div>
      </Section>

      <Section title="Markings">
        <dl className="row mb-2">
          <Fact term="Color">{horse.color}</Fact>
          <Fact term="Pattern">{horse.pattern}</Fact>
          {MARKINGS.map(([key, label]) => (
            <Fact key={key} term={label}>
              {horse.othermarkings?.[key]}
            </Fact>
          ))}
        </dl>
        <ul className="list-unstyled d-flex flex-wrap gap-2 mb-0" aria-label="Marking documents">
          {horse.markingDocuments.map((file, i) => (
            <li key={file.id}>
              <FileLink file={file} label={`Marking document ${i + 1} (${file.name})`} />
            </li>
          ))}
        </ul>
      </Section>

      <Section title={horse.ownerType === 'Joint' ? 'Owners (joint)' : 'Owner'}>
        {horse.owners.map((owner, i) => (
          <address key={i} className="mb-2">
            <strong>{owner.name}</strong> · member no. {owner.memberNum || '—'}
            <br />
            {owner.address}, {owner.city}, {owner.state} {owner.zip}, {countryOf(owner)}
          </address>
        ))}
        <p className="mb-0">
          Certified: {horse.checkedOwnerInfo ? 'yes' : 'no'} · Signature:{' '}
          <FileLink file={horse.ownerSignature} label="owner signature" />
        </p>
      </Section>
    </div>
  );
}
