import { withoutLeadingInvisible } from '@registry/domain';

/*
 * What every CSV export shares (the members', the horses', the payments ledger's): in core so
 * that modules of one layer (members, payments) can all use it (docs/architecture.md).
 */

/**
 * Put before every CSV export: without the UTF-8 byte-order mark Excel reads the file in the
 * machine's legacy code page and garbles accented names. Importers strip it (csv-parse `bom`).
 */
export const CSV_BOM = '\uFEFF';

/**
 * True when a spreadsheet could run `value` as a formula: it starts with = + - @, a tab or a
 * carriage return, also once folded (NFKC: full-width `＝＋－＠`, small `﹦`) and also behind
 * invisible characters (a zero-width space), which some spreadsheets fold or drop on opening.
 */
export function formulaLike(value: string): boolean {
  return /^[=+\-@\t\r]/.test(withoutLeadingInvisible(value.normalize('NFKC')));
}

/**
 * A spreadsheet opening the file would run a formula-like cell (formulaLike): such cells get a
 * leading apostrophe, which the members import drops.
 */
export function safeCell(value: string): string {
  return formulaLike(value) ? `'${value}` : value;
}
