import { z } from 'zod';
import { MARKING_DOCUMENTS_MAX, MARKING_DOCUMENTS_MIN } from './constants.js';
import { FILE_RULES, fileSlotOfPart, type FileRule } from './file-slots.js';
import { HORSE_MESSAGES } from './messages.js';

/**
 * What the rules need to know about an upload. A browser `File` satisfies it; the API passes
 * descriptors of the parts it has stored. The schemas return the very object they were given,
 * so the web form still holds its `File` after parsing.
 */
export type FileLike = { name: string; size: number; type?: string };

export function isFileLike(value: unknown): value is FileLike {
  if (typeof value !== 'object' || value === null) return false;
  const { name, size } = value as { name?: unknown; size?: unknown };
  return typeof name === 'string' && typeof size === 'number' && Number.isFinite(size) && size >= 0;
}

/** Lower-cased text after the last dot; '' when there is none ("README", ".env"). */
export function fileExtension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

export function hasExtension(file: FileLike, extensions: readonly string[]): boolean {
  return extensions.includes(fileExtension(file.name));
}

const DOCUMENT_RULE = FILE_RULES.document;
const PAPERWORK_RULE = FILE_RULES.paperwork;
const MARKING_RULE = FILE_RULES.marking;
const VIDEO_RULE = FILE_RULES.video;

/** The first broken rule, checking format before size as the spec lists them. */
function fileProblem(file: FileLike, rule: FileRule): string | undefined {
  if (!hasExtension(file, rule.extensions)) return rule.formatMessage;
  if (file.size > rule.maxBytes) return rule.sizeMessage;
  return undefined;
}

/** Forms hold null for "no file chosen"; the API leaves the key out. Both mean empty. */
const maybeFile = z.custom<FileLike | null | undefined>(
  (value) => value == null || isFileLike(value),
  HORSE_MESSAGES.notAFile,
);

function singleFile(rule: FileRule, requiredMsg?: string) {
  return maybeFile.superRefine((file, ctx) => {
    if (file == null) {
      if (requiredMsg) ctx.addIssue({ code: 'custom', message: requiredMsg });
      return;
    }
    const problem = fileProblem(file, rule);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });
}

/** The registration document; `required` is false only when an edited horse already has one. */
export function registrationDocumentField(required: boolean) {
  return singleFile(
    DOCUMENT_RULE,
    required ? HORSE_MESSAGES.registrationDocumentRequired : undefined,
  );
}

/** Paperwork of other registries and of pedigree ancestors: optional, same types as documents. */
export function paperworkField() {
  return singleFile(PAPERWORK_RULE);
}

export function performanceVideoField() {
  return singleFile(VIDEO_RULE);
}

/**
 * Marking documents. A new selection replaces the stored set, so whenever files are given there
 * must be at least four; `required` is false only when an edited horse already has its set.
 * Problems are reported on the field itself, since the form shows one multi-file input.
 */
export function markingDocumentsField(required: boolean) {
  return z
    .custom<FileLike[] | null | undefined>(
      (value) => value == null || (Array.isArray(value) && value.every(isFileLike)),
      HORSE_MESSAGES.notAFile,
    )
    .superRefine((files, ctx) => {
      const add = (message: string) => ctx.addIssue({ code: 'custom', message });
      if (files == null || files.length === 0) {
        if (required) add(HORSE_MESSAGES.markingDocumentsRequired);
        return;
      }
      if (files.length < MARKING_DOCUMENTS_MIN) add(HORSE_MESSAGES.markingDocumentsTooFew);
      if (files.length > MARKING_DOCUMENTS_MAX) add(HORSE_MESSAGES.markingDocumentsTooMany);
      const problems = new Set(files.map((file) => fileProblem(file, MARKING_RULE)));
      for (const problem of [MARKING_RULE.formatMessage, MARKING_RULE.sizeMessage]) {
        if (problems.has(problem)) add(problem);
      }
    });
}

/**
 * The format and size rule of one upload field (its part name, file-slots.ts), for a resumable
 * upload judged before its bytes are sent; undefined when the file passes. Unknown field names
 * answer the paperwork rule.
 */
export function uploadFieldProblem(field: string, file: FileLike): string | undefined {
  const slot = fileSlotOfPart(field);
  return fileProblem(file, slot ? FILE_RULES[slot.rule] : PAPERWORK_RULE);
}
