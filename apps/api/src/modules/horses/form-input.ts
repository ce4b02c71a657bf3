import type { z } from 'zod';
import {
  GENERIC_MESSAGES,
  UPLOADED_FILE_SLOTS,
  emptyParent,
  firstPlaceOf,
  putAtPath,
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
  // Every file place starts empty: null, as in the web form ("no file sent"; a missing key
  // would read as a missing field in the edit rules even when a stored file satisfies them).
  // That also drops anything shaped like a file inside the JSON (`sire.paperwork: { name,
  // size }`): descriptors only ever come from real parts, or a client could claim files it
  // never sent. The drawn signature is a text part of its own, left as sent.
  for (const place of UPLOADED_FILE_SLOTS) putAtPath(input, place.path, null);
  // The same refusal as every JSON route's (plugins/text-guard.ts), for the form's text parts.
  const unsafe = findUnsafeText(input);
  if (unsafe) problems[unsafe] = GENERIC_MESSAGES.unsafeText;

  if (typeof input.checkedOwnerInfo === 'string') {
    // Multipart carries text; 'true' is the only yes. Anything else is "not agreed".
    input.checkedOwnerInfo = input.checkedOwnerInfo === 'true';
  }
  input.verified = serverOwned.verified;

  // Each received file at its place's path (a registry slot is made when its JSON had none).
  // A multiple place holds a list; an edit that changes the marking set is judged on the whole
  // new set: the stored photos it keeps, then the new ones (edit.ts).
  const lists = new Map<string, FileLike[]>();
  if (form.keptMarkings) {
    lists.set(
      firstPlaceOf('markingDocument').path,
      form.keptMarkings.map(({ name, size }) => ({ name, size })),
    );
  }
  for (const file of form.files) {
    const descriptor: FileLike = { name: file.name, size: file.size };
    if (file.spec.multiple)
      lists.set(file.spec.path, [...(lists.get(file.spec.path) ?? []), descriptor]);
    else putAtPath(input, file.spec.path, descriptor, { create: true });
  }
  for (const [path, files] of lists) putAtPath(input, path, files);
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
