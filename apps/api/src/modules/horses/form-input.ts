import type { z } from 'zod';
import {
  GENERIC_MESSAGES,
  PEDIGREE_ANCESTORS,
  PEDIGREE_PARENTS,
  emptyParent,
  type FileLike,
} from '@registry/domain';
import { findUnsafeText } from '../../plugins/text-guard.js';
import { FORM_MESSAGES, JSON_FIELDS } from './form-fields.js';
import type { ReceivedForm } from './multipart.js';

/**
 * Turns a received form into the object the domain schema judges: text parts as they are, JSON
 * parts parsed, and a FileLike descriptor of each received file at the path the form puts it.
 */

export type FieldErrors = Record<string, string>;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function parseJsonParts(form: ReceivedForm, problems: FieldErrors): Record<string, unknown> {
  const parsed: Record<string, unknown> = {};
  for (const name of JSON_FIELDS) {
    const raw = form.values.get(name);
    if (raw === undefined) continue;
    if (typeof raw !== 'string') {
      parsed[name] = raw;
      continue;
    }
    try {
      parsed[name] = JSON.parse(raw) as unknown;
    } catch {
      problems[name] = FORM_MESSAGES.invalidJson;
    }
  }
  return parsed;
}

/**
 * File descriptors only ever come from real parts: anything shaped like a file inside the JSON
 * (`sire.paperwork: { name, size }`) is dropped, or a client could claim files it never sent.
 */
function dropClaimedFiles(input: Record<string, unknown>): void {
  for (const parent of PEDIGREE_PARENTS) {
    const entry = input[parent];
    if (!isRecord(entry)) continue;
    delete entry.paperwork;
    for (const ancestor of PEDIGREE_ANCESTORS) {
      const place = entry[ancestor];
      if (isRecord(place)) delete place.paperwork;
    }
  }
  const registries = input.otherRegistries;
  if (Array.isArray(registries)) {
    for (const registry of registries) if (isRecord(registry)) delete registry.registryPaperwork;
  }
}

/** Puts `value` at a dotted path, creating array slots (registries) on the way when needed. */
function place(target: Record<string, unknown>, path: string, value: unknown): void {
  const keys = path.split('.');
  let node: unknown = target;
  for (const [i, key] of keys.entries()) {
    const last = i === keys.length - 1;
    if (Array.isArray(node)) {
      const index = Number(key);
      while (node.length <= index) node.push({});
      if (last) node[index] = value;
      else node = node[index];
    } else if (isRecord(node)) {
      if (last) node[key] = value;
      else node = node[key];
    } else {
      // The JSON around this file is malformed; the schema reports that part itself.
      return;
    }
  }
}

export function buildSchemaInput(
  form: ReceivedForm,
  serverOwned: { verified: string },
): { input: Record<string, unknown>; problems: FieldErrors } {
  const problems: FieldErrors = { ...form.problems };
  const input: Record<string, unknown> = {};
  for (const [name, value] of form.values) if (!JSON_FIELDS.has(name)) input[name] = value;
  // Absent sections are empty ones: the pedigree, markings and registries are optional.
  Object.assign(
    input,
    {
      sire: emptyParent(),
      dam: emptyParent(),
      othermarkings: {},
      otherRegistries: [],
      owners: [],
    },
    parseJsonParts(form, problems),
  );
  dropClaimedFiles(input);
  // The same refusal as every JSON route's (plugins/text-guard.ts), for the form's text parts.
  const unsafe = findUnsafeText(input);
  if (unsafe) problems[unsafe] = GENERIC_MESSAGES.unsafeText;

  if (typeof input.checkedOwnerInfo === 'string') {
    // Multipart carries text; 'true' is the only yes. Anything else is "not agreed".
    input.checkedOwnerInfo = input.checkedOwnerInfo === 'true';
  }
  input.verified = serverOwned.verified;

  // "No file sent" is null, as in the web form: a missing key would read as a missing field in
  // the edit rules even when a stored file satisfies them.
  input.registrationDocument = null;
  input.markingDocuments = null;
  // An edit that changes the marking set is judged on the whole new set: the stored photos it
  // keeps, then the new ones (edit.ts).
  const markings: FileLike[] = (form.keptMarkings ?? []).map(({ name, size }) => ({ name, size }));
  for (const file of form.files) {
    const descriptor: FileLike = { name: file.name, size: file.size };
    if (file.spec.multiple) markings.push(descriptor);
    else place(input, file.spec.path, descriptor);
  }
  if (markings.length > 0 || form.keptMarkings) input.markingDocuments = markings;
  return { input, problems };
}

/** Zod issues as `fields`: dotted path -> the first message for that path. */
export function fieldErrors(error: z.ZodError, into: FieldErrors = {}): FieldErrors {
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.') || 'form';
    into[key] ??= issue.message;
  }
  return into;
}
