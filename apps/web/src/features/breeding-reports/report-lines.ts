import type { BreedingMare, BreedingMareInput, BreedingMethod } from '@registry/domain';

/** One mare line as the form holds it: a registered mare by number, or another by name. */
export interface LineDraft {
  key: string;
  id?: string;
  registered: boolean;
  mareRegistrationNumber: string;
  mareName: string;
  mareOwnerName: string;
  breedingDates: string[];
  method: BreedingMethod | '';
}

let counter = 0;
const nextKey = () => `line-${(counter += 1)}`;

export function emptyLine(): LineDraft {
  return {
    key: nextKey(),
    registered: true,
    mareRegistrationNumber: '',
    mareName: '',
    mareOwnerName: '',
    breedingDates: [''],
    method: '',
  };
}

/** A filed line as the amendment form starts it. */
export function lineFromReport(mare: BreedingMare): LineDraft {
  return {
    key: nextKey(),
    id: mare.id,
    registered: mare.mareHorseId !== null,
    mareRegistrationNumber: mare.mareRegistrationNumber,
    mareName: mare.mareName,
    mareOwnerName: mare.mareOwnerName,
    breedingDates: [...mare.breedingDates],
    method: mare.method,
  };
}

/** What the server is sent: a registered mare by number only, another by name and owner. */
export function toInput(line: LineDraft): BreedingMareInput {
  return {
    ...(line.id ? { id: line.id } : {}),
    mareRegistrationNumber: line.registered ? line.mareRegistrationNumber.trim() : '',
    mareName: line.registered ? '' : line.mareName.trim(),
    mareOwnerName: line.registered ? '' : line.mareOwnerName.trim(),
    breedingDates: line.breedingDates.filter((date) => date !== ''),
    method: line.method as BreedingMethod,
  };
}

/** Whether the form differs from where it started (closing it would lose typed work). */
export function linesChanged(start: readonly LineDraft[], now: readonly LineDraft[]): boolean {
  const plain = (lines: readonly LineDraft[]) =>
    JSON.stringify(lines.map(({ key: _key, ...rest }) => rest));
  return plain(start) !== plain(now);
}
