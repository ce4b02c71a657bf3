import type { UseFormSetError } from 'react-hook-form';
import { fileSlotOfPart } from '@registry/domain';
import type { HorseFieldName } from './fields/use-field-error';
import type { HorseFormValues } from './form-values';

/**
 * A server field key as a form path. Keys are normally form paths already
 * ('owners.1.zip', 'sire.grand_dam.paperwork'); a file's part name is mapped back to its place's
 * path by the files' table (domain horse/file-slots.ts).
 */
export function serverFieldPath(key: string): string {
  return fileSlotOfPart(key)?.path ?? key;
}

/**
 * Puts the server's field messages under the fields they belong to and returns their paths.
 * Keys of parts this form does not show (e.g. fees before the payments issue) are skipped.
 */
export function applyServerErrors(
  fields: Record<string, string> | undefined,
  setError: UseFormSetError<HorseFormValues>,
  shownRoots: readonly string[],
): string[] {
  const applied: string[] = [];
  for (const [key, message] of Object.entries(fields ?? {})) {
    const path = serverFieldPath(key);
    const root = path.split('.')[0] ?? '';
    if (!shownRoots.includes(root)) continue;
    setError(path as HorseFieldName, { type: 'server', message });
    applied.push(path);
  }
  return applied;
}
