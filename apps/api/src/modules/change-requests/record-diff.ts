import type { FieldChange } from '@registry/domain';
import type { HorseDetails, HorseRecordValues } from '../../db/horse-details.js';
import type { HorseRow } from '../../db/schema.js';

export type { HorseRecordValues };

export function recordValuesOf(row: HorseRow): HorseRecordValues {
  return {
    sex: row.sex,
    color: row.color,
    gaitDesignation: row.gaitDesignation,
    stateFoaledIn: row.stateFoaledIn,
    sireName: row.sireName,
    damName: row.damName,
    foalDate: row.foalDate,
    details: row.details,
  };
}

/**
 * What an owner may change on an approved horse without the office: the owners' postal
 * addresses (for owners who stay the same people, matched by position) and the certification
 * tick. Everything else the register states is reviewed (docs/decisions.md).
 */
const CONTACT_OWNER_FIELDS = ['address', 'city', 'state', 'zip'] as const;

/** `base`'s record with the contact fields of `source`. */
export function withContactFrom(
  base: HorseRecordValues,
  source: HorseRecordValues,
): HorseRecordValues {
  const owners = base.details.owners.map((owner, i) => {
    const from = source.details.owners[i];
    if (!from) return owner;
    const contact = Object.fromEntries(CONTACT_OWNER_FIELDS.map((f) => [f, from[f]]));
    return { ...owner, ...contact };
  });
  const details: HorseDetails = {
    ...base.details,
    owners,
    checkedOwnerInfo: source.details.checkedOwnerInfo,
  };
  return { ...base, details };
}

/** `source`'s record keeping `base`'s contact fields: a reviewed change applied to today's record. */
export function withIdentityFrom(
  base: HorseRecordValues,
  source: HorseRecordValues,
): HorseRecordValues {
  return withContactFrom(source, base);
}

function flatten(value: unknown, prefix: string, out: Map<string, string>): void {
  if (Array.isArray(value)) {
    value.forEach((item, i) => flatten(item, `${prefix}.${i}`, out));
    return;
  }
  if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      flatten(item, prefix ? `${prefix}.${key}` : key, out);
    }
    return;
  }
  out.set(prefix, value === null || value === undefined ? '' : String(value));
}

/** Column copies of details (sireName, damName) are left out: details.sire.name says it. */
function flatRecord(record: HorseRecordValues): Map<string, string> {
  const out = new Map<string, string>();
  const { details, ...columns } = record;
  const { sireName: _sire, damName: _dam, ...rest } = columns;
  flatten(rest, '', out);
  flatten(details, '', out);
  return out;
}

/** Every value that differs between two records, in the order the record lists them. */
export function diffRecords(from: HorseRecordValues, to: HorseRecordValues): FieldChange[] {
  const before = flatRecord(from);
  const after = flatRecord(to);
  const fields = [...new Set([...before.keys(), ...after.keys()])];
  return fields.flatMap((field) => {
    const a = before.get(field) ?? '';
    const b = after.get(field) ?? '';
    return a === b ? [] : [{ field, from: a, to: b }];
  });
}
