/**
 * Sections of docs/benchmarks.md that `npm run bench` does not write: `npm run bench:scale`,
 * `bench:overload` and `bench:bare` write the first three, the others are written by hand. A full bench run keeps them as they are,
 * after its own sections, instead of dropping them.
 */
export const KEPT_SECTIONS = [
  '## A register of any size',
  '## Overload',
  '## Routes against bare code doing the same work',
  '## Office lists at scale',
  '## Suite time',
  '## Lint and import loops',
  '## Measurements behind the decision records',
];

/** The kept sections of `previous` (each from its heading to the next `## `), in their order. */
export function keptSections(previous: string): string {
  const lines = previous.split('\n');
  const kept: string[] = [];
  let keeping = false;
  for (const line of lines) {
    if (line.startsWith('## ')) keeping = KEPT_SECTIONS.some((h) => line.startsWith(h));
    if (keeping) kept.push(line);
  }
  return kept.join('\n').trimEnd();
}
