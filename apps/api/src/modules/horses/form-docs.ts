import {
  DRAFT_ID_PART,
  HORSE_FILE_SLOTS,
  HORSE_JSON_PARTS,
  HORSE_TEXT_PARTS,
  KEEP_MARKINGS_PART,
  NAME_CHOICE_PARTS,
  UPLOAD_IDS_PART,
} from '@registry/domain';
import type { FormPart, FormParts } from '../../plugins/openapi-routes.js';
import { filePart, valuePart, type FormMode } from './form-fields.js';

/** The names a register or edit form may carry (the form's vocabulary: form-fields.ts). */
function candidateNames(): string[] {
  return [
    ...HORSE_TEXT_PARTS,
    'checkedOwnerInfo',
    ...NAME_CHOICE_PARTS,
    DRAFT_ID_PART,
    ...HORSE_JSON_PARTS,
    UPLOAD_IDS_PART,
    KEEP_MARKINGS_PART,
    // Every file's part from the files' table, the drawn signature's text part among them.
    ...HORSE_FILE_SLOTS.map((place) => place.part),
  ];
}

const DESCRIPTIONS: Readonly<Record<string, string>> = {
  [UPLOAD_IDS_PART]: 'Finished resumable uploads to attach: a JSON list of { id, field }',
  [KEEP_MARKINGS_PART]: 'The stored marking photo ids the edit keeps: a JSON list',
};

/**
 * The register or edit form as the OpenAPI document shows it (multipart/form-data, or the same
 * names as one JSON object). Each name is classified by the very functions that read the form
 * (`valuePart`, `filePart`), so the document says what the server does; ignored names are left
 * out. `json: false` for a route that reads multipart only.
 */
export function horseFormParts(mode: FormMode, { json = true } = {}): FormParts {
  const parts: Record<string, FormPart> = {};
  for (const name of candidateNames()) {
    const file = filePart(name);
    if (file) {
      const size = `at most ${Math.round(file.maxBytes / 1_048_576)} MB`;
      parts[name] = { kind: file.multiple ? 'files' : 'file', description: `A file, ${size}` };
      continue;
    }
    const value = valuePart(name, mode);
    if (!value || value.kind === 'ignored') continue;
    parts[name] =
      value.kind === 'text'
        ? { kind: 'text' }
        : { kind: 'json', description: DESCRIPTIONS[name] ?? 'The section as JSON text' };
  }
  // The office's routes read multipart only; the multipart schema is the same component.
  return {
    name: mode === 'register' ? 'HorseRegisterForm' : 'HorseEditForm',
    parts,
    alsoJson: json,
  };
}
