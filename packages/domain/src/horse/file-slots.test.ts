import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  buildHorseSchema,
  changeFieldLabel,
  defaultHorseValues,
  FILE_RULES,
  fileRefSchema,
  fileSlotAt,
  fileSlotOfPart,
  fileSlotOfRow,
  HORSE_FILE_KIND_SPECS,
  HORSE_FILE_KINDS,
  HORSE_FILE_SLOTS,
  horseSchema,
  PUBLIC_FILE_SLOTS,
  publicHorseSchema,
  putAtPath,
  REQUIRED_FILE_SLOTS,
  storedRequiredFiles,
  UPLOADED_FILE_SLOTS,
  uploadFieldProblem,
  valueAtPath,
  type HorseFileSlot,
} from '../index.js';
import { file, messagesAt, TEST_TODAY, validEdit, validRegistration } from './test-fixtures.js';

/*
 * The files' table (file-slots.ts) against the domain's own consumers: the form's values, the
 * rules, the upload check, the office's change labels and the answers' schemas. Every check
 * runs over the whole table, so a place added to it is covered; a `FileRef` added to an answer
 * without its place fails the schema walk below. The server's and the web's consumers have
 * their own tests (apps/api/src/modules/horses/file-slots.test.ts,
 * apps/web/src/features/horses/registration/file-slots.test.tsx).
 */

/** Where an answer's schema holds a FileRef: path (array items as `#`) and whether a list. */
function fileRefPaths(schema: z.ZodType, prefix = ''): string[] {
  let inner: z.ZodType = schema;
  while (inner instanceof z.ZodNullable || inner instanceof z.ZodOptional) {
    inner = inner.unwrap() as z.ZodType;
  }
  if (inner === fileRefSchema) return [prefix];
  if (inner instanceof z.ZodArray) {
    const element = inner.element as z.ZodType;
    if (element === fileRefSchema) return [`${prefix}[]`];
    return fileRefPaths(element, `${prefix}.#`);
  }
  if (inner instanceof z.ZodObject) {
    return Object.entries(inner.shape as Record<string, z.ZodType>).flatMap(([key, value]) =>
      fileRefPaths(value, prefix ? `${prefix}.${key}` : key),
    );
  }
  return [];
}

/** A table place as the schema walk names it. */
const walked = (place: { path: string; multiple: boolean }) =>
  place.path.replace(/\.\d+\./g, '.#.') + (place.multiple ? '[]' : '');

describe('the files table', () => {
  it('lists every stored kind with at least one place, each part and path once', () => {
    expect(Object.keys(HORSE_FILE_KIND_SPECS)).toEqual([...HORSE_FILE_KINDS]);
    for (const kind of HORSE_FILE_KINDS) {
      expect(HORSE_FILE_SLOTS.some((place) => place.kind === kind)).toBe(true);
    }
    const parts = HORSE_FILE_SLOTS.map((place) => place.part);
    const paths = HORSE_FILE_SLOTS.map((place) => place.path);
    expect(new Set(parts).size).toBe(parts.length);
    expect(new Set(paths).size).toBe(paths.length);
    for (const place of HORSE_FILE_SLOTS) {
      expect(fileSlotAt(place.path)).toBe(place);
      expect(fileSlotOfRow(place.kind, place.multiple ? '3' : place.slot)).toBe(place);
      expect(fileSlotOfPart(place.part)).toBe(place.drawn ? undefined : place);
    }
  });

  it('is exactly where the owner’s answer holds files, and the public answer its public ones', () => {
    expect(fileRefPaths(horseSchema).sort()).toEqual(
      [...new Set(HORSE_FILE_SLOTS.map(walked))].sort(),
    );
    expect(fileRefPaths(publicHorseSchema).sort()).toEqual(
      [...new Set(PUBLIC_FILE_SLOTS.map(walked))].sort(),
    );
  });

  it('is where the form holds its files, empty at first', () => {
    const values = defaultHorseValues('register');
    for (const place of HORSE_FILE_SLOTS) {
      const empty = place.drawn ? '' : place.multiple ? [] : null;
      expect(valueAtPath(values, place.path), place.path).toEqual(empty);
    }
  });

  it('is where the rules judge each uploaded file, by its rule', () => {
    const schema = buildHorseSchema('register', { today: TEST_TODAY });
    for (const place of UPLOADED_FILE_SLOTS) {
      const rule = FILE_RULES[place.rule];
      const values = validRegistration() as unknown as Record<string, unknown>;
      const wrong = file('wrong.exe');
      putAtPath(values, place.path, place.multiple ? [wrong, wrong, wrong, wrong] : wrong);
      expect(messagesAt(schema, values, place.path), place.path).toContain(rule.formatMessage);
      expect(uploadFieldProblem(place.part, wrong)).toBe(rule.formatMessage);
      expect(uploadFieldProblem(place.part, file(`ok.${rule.extensions[0]}`))).toBeUndefined();
    }
  });

  it('says which files are required, and which an edit may leave out when stored', () => {
    const register = buildHorseSchema('register', { today: TEST_TODAY });
    const edit = buildHorseSchema('edit', { today: TEST_TODAY });
    const editKeeping = buildHorseSchema('edit', {
      today: TEST_TODAY,
      hasExistingFiles: storedRequiredFiles(() => true),
    });
    const noFile = (values: object, place: HorseFileSlot) => {
      const copy = structuredClone(values) as Record<string, unknown>;
      putAtPath(copy, place.path, place.drawn ? '' : place.multiple ? [] : null);
      return copy;
    };
    for (const place of HORSE_FILE_SLOTS) {
      const required = place.requiredUnlessStored;
      const registering = messagesAt(register, noFile(validRegistration(), place), place.path);
      // The drawn signature is required when registering, and never asked for by an edit.
      expect(registering.length > 0, place.path).toBe(required || place.drawn);
      const editing = noFile(validEdit(), place);
      expect(messagesAt(edit, editing, place.path).length > 0, place.path).toBe(required);
      expect(messagesAt(editKeeping, editing, place.path), place.path).toEqual([]);
    }
    expect(REQUIRED_FILE_SLOTS.map((place) => place.path)).toEqual([
      'registrationDocument',
      'markingDocuments',
    ]);
  });

  it('names each kind’s changed file for the office', () => {
    for (const kind of HORSE_FILE_KINDS) {
      expect(changeFieldLabel(`files.${kind}`)).toBe(HORSE_FILE_KIND_SPECS[kind].label);
    }
    expect(changeFieldLabel('files.markingDocument.1')).toBe('Marking photo 2');
    expect(changeFieldLabel('files.pedigreePaperwork.sire.grand_dam')).toBe(
      'Pedigree paperwork (sire grand dam)',
    );
  });
});
