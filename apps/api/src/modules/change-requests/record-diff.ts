import { MEMBER_COLUMN_KEYS, OWNER_ADDRESS_KEYS, type FieldChange } from '@registry/domain';
import type { HorseDetails, HorseRecordValues } from '../../db/horse-details.js';
import { diffRecords, recordValuesOf } from '../horse-repository/index.js';

export type { HorseRecordValues };
export { diffRecords, recordValuesOf };

/**
 * What an owner may change on an approved horse without the office: the owners' postal
 * addresses (the owners' table names them, domain horse/owner-fields.ts; for owners who stay the same people, matched by position) and the certification
 * tick. Everything else the register states is reviewed
 * (docs/decisions/0031-approved-records-change-through-the-office.md).
 */
const CONTACT_OWNER_FIELDS = OWNER_ADDRESS_KEYS;

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

/**
 * The record's own columns among the paths of `diffRecords` (the sections' tables say which,
 * packages/domain/src/horse/stored-fields.ts); every other path is in details.
 */
const COLUMN_FIELDS = new Set<string>(MEMBER_COLUMN_KEYS);

type Json = Record<string, unknown> | unknown[];

function valueAt(root: unknown, path: string[]): unknown {
  let node = root;
  for (const key of path) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

function setAt(root: Json, path: string[], value: unknown): void {
  let node: Json = root;
  path.forEach((key, i) => {
    const container = node as Record<string, unknown>;
    if (i === path.length - 1) {
      container[key] = value;
      return;
    }
    const next = container[key];
    if (next === null || typeof next !== 'object') {
      container[key] = /^\d+$/.test(path[i + 1] ?? '') ? [] : {};
    }
    node = container[key] as Json;
  });
}

/**
 * `base` with the listed fields taken from `proposed`, and nothing else: a request approved
 * after the office edited the record changes only what the owner asked to change. A list the
 * request shortened (owners, other registries) is cut to the proposed length.
 */
export function applyChanges(
  base: HorseRecordValues,
  proposed: HorseRecordValues,
  changes: FieldChange[],
): HorseRecordValues {
  const result = structuredClone(base) as HorseRecordValues;
  const lists = new Set<string>();
  for (const { field } of changes) {
    const parts = field.split('.');
    const [head = ''] = parts;
    const inColumns = COLUMN_FIELDS.has(head);
    const from = inColumns ? proposed : proposed.details;
    const into = (inColumns ? result : result.details) as unknown as Json;
    if (!inColumns && Array.isArray(valueAt(proposed.details, [head]))) lists.add(head);
    const value = valueAt(from, parts);
    // Not in the proposal: an entry of a list the request shortened (cut below).
    if (value === undefined) continue;
    setAt(into, parts, value);
  }
  const details = result.details as unknown as Record<string, unknown[]>;
  const proposedDetails = proposed.details as unknown as Record<string, unknown[]>;
  for (const list of lists) {
    const length = proposedDetails[list]?.length ?? 0;
    if ((details[list]?.length ?? 0) > length)
      details[list] = details[list]?.slice(0, length) ?? [];
  }
  result.sireName = result.details.sire.name;
  result.damName = result.details.dam.name;
  return result;
}
