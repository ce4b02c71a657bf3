import { Fragment, type ReactNode } from 'react';
import {
  MARKING_DESCRIPTION_KEYS,
  markingRecordLabel,
  BREEDING_FIELDS,
  countryOf,
  DNA_FIELDS,
  fileKindLabel,
  HORSE_FILE_SLOTS,
  MARKINGS_FIELDS,
  REGISTRATION_FIELDS,
  textField,
  valueAtPath,
  type HorseTextKey,
} from '@registry/domain';
import { toDateInputValue } from '../lib/format';
import {
  horseDisplayName,
  type FileRef,
  type Horse,
  type HorseAncestor,
  type HorseParent,
} from '../lib/horse-types';
import { PedigreeChart, type PedigreeLine } from './pedigree-chart';
import { RegisteredPedigree } from './horse-lineage';
import { OffspringList } from './offspring-list';

const ANCESTORS: ReadonlyArray<[Exclude<keyof HorseParent, keyof HorseAncestor>, string]> = [
  ['grand_sire', 'Grand sire'],
  ['grand_dam', 'Grand dam'],
  ['great_grand_sire', 'Great-grand sire'],
  ['great_grand_dam', 'Great-grand dam'],
];

const MARKINGS = MARKING_DESCRIPTION_KEYS.map((key): [keyof Horse['othermarkings'], string] => [
  key,
  markingRecordLabel(key),
]);

/**
 * The horse's own one-file places of the files' table (domain horse/file-slots.ts), each a fact
 * of the Registration section under the office's label. The table's other places show beside
 * what they belong to: a registry's or an ancestor's paperwork on its row, the marking photos
 * under the markings, the drawn signature under the owners.
 */
const OWN_FILE_PLACES = HORSE_FILE_SLOTS.filter(
  (place) => !place.multiple && !place.drawn && !place.path.includes('.'),
);

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

type TextFields = { readonly [K in HorseTextKey]?: unknown };

/**
 * A section's stored text fields, labelled and in order from the domain section's table
 * (packages/domain/src/horse/stored-fields.ts), so a field added there shows here too. `before`
 * puts other facts ahead of a field; `render` draws a value that is not plain text.
 */
function TextFacts({
  horse,
  fields,
  before = {},
  render = {},
}: {
  horse: Horse;
  fields: TextFields;
  before?: Partial<Record<HorseTextKey, ReactNode>>;
  render?: Partial<Record<HorseTextKey, ReactNode>>;
}) {
  return (Object.keys(fields) as HorseTextKey[]).map((key) => {
    const field = textField(key);
    return (
      <Fragment key={key}>
        {before[key]}
        <Fact term={field.label}>
          {key in render ? render[key] : field.day ? day(horse[key]) : horse[key]}
        </Fact>
      </Fragment>
    );
  });
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
  // An approved horse's number: its registered pedigree and offspring can be asked for.
  const registered =
    horse.approvalStatus === 'approved' && horse.registrationNum ? horse.registrationNum : null;
  const typedChart = (
    <PedigreeChart
      subject={{ name, reg: horse.registrationNum }}
      sire={line(horse.sire)}
      dam={line(horse.dam)}
      label={`Pedigree of ${name}`}
    />
  );
  const registries = horse.otherRegistries.filter(
    (r) => r.registryName || r.registryNumber || r.registryPaperwork,
  );
  return (
    <div>
      <Section title="Registration">
        <dl className="row mb-0">
          <TextFacts
            horse={horse}
            fields={REGISTRATION_FIELDS}
            before={{
              performanceVerification: (
                <>
                  <Fact term="Registration number">{horse.registrationNum}</Fact>
                  <Fact term="Approved name">{horse.approvedName}</Fact>
                  <Fact term="Name choices">
                    <ol className="mb-0 ps-3">
                      {[horse.firstChoice, horse.secondChoice, horse.thirdChoice].map(
                        (choice, i) => (
                          <li key={i}>{choice || '—'}</li>
                        ),
                      )}
                    </ol>
                  </Fact>
                </>
              ),
            }}
            render={{
              performanceLink: horse.performanceLink && (
                <a href={horse.performanceLink} target="_blank" rel="noopener noreferrer">
                  {horse.performanceLink}
                </a>
              ),
            }}
          />
          {OWN_FILE_PLACES.map((place) => (
            <Fact key={place.path} term={fileKindLabel(place.kind)}>
              <FileLink file={valueAtPath(horse, place.path) as FileRef | null} />
            </Fact>
          ))}
        </dl>
      </Section>

      <Section title="Breeding">
        <dl className="row mb-0">
          <TextFacts horse={horse} fields={BREEDING_FIELDS} />
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
          <TextFacts horse={horse} fields={DNA_FIELDS} />
        </dl>
      </Section>

      <Section title="Pedigree">
        {registered ? (
          // In the register: five generations, through its registered ancestors.
          <RegisteredPedigree
            registrationNumber={registered}
            name={name}
            fallback={typedChart}
            newTab
          />
        ) : (
          typedChart
        )}
        <div className="mt-2">
          <ParentDetails title="Sire" parent={horse.sire} />
          <ParentDetails title="Dam" parent={horse.dam} />
        </div>
      </Section>

      {registered && (
        <Section title="Offspring">
          <OffspringList registrationNumber={registered} name={name} newTab />
        </Section>
      )}

      <Section title="Markings">
        <dl className="row mb-2">
          <TextFacts horse={horse} fields={MARKINGS_FIELDS} />
          {MARKINGS.map(([key, label]) => (
            <Fact key={key} term={label}>
              {horse.othermarkings?.[key]}
            </Fact>
          ))}
        </dl>
        <ul className="list-unstyled d-flex flex-wrap gap-2 mb-0" aria-label="Marking photos">
          {horse.markingDocuments.map((file, i) => (
            <li key={file.id}>
              <FileLink
                file={file}
                label={`${fileKindLabel('markingDocument')} ${i + 1} (${file.name})`}
              />
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
          <FileLink
            file={horse.ownerSignature}
            label={fileKindLabel('ownerSignature').toLowerCase()}
          />
        </p>
      </Section>
    </div>
  );
}
