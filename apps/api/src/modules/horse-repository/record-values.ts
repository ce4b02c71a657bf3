import type { FieldChange } from '@registry/domain';
import type { HorseRecordValues } from '../../db/horse-details.js';
import type { HorseRow } from '../../db/schema.js';

/*
 * A horse's record as the office reviews it, and the difference of two records: used by the
 * change requests (change-requests/record-diff.ts) and the revisions (revisions.ts).
 */

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
