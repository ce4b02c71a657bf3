/**
 * Characters a reader cannot see: zero-width spaces and joiners, the byte-order mark, soft
 * hyphens, direction marks, variation selectors, Hangul fillers (Unicode's
 * Default_Ignorable_Code_Point). Two strings differing only by these look the same on screen.
 */
const INVISIBLE = /\p{Default_Ignorable_Code_Point}/gu;
const LEADING_INVISIBLE = /^\p{Default_Ignorable_Code_Point}+/u;
/** Hyphens and dashes of every script, and the minus sign, which NFKC leaves as they are. */
const DASHES = /[\p{Pd}\u2212]/gu;

/** `value` without its invisible characters (see INVISIBLE). */
function withoutInvisible(value: string): string {
  return value.replace(INVISIBLE, '');
}

/** `value` without the invisible characters it starts with (see INVISIBLE). */
export function withoutLeadingInvisible(value: string): string {
  return value.replace(LEADING_INVISIBLE, '');
}

/**
 * The one spelling of a member number
 * (docs/decisions/0050-unique-names-and-registry-member-numbers.md): compatibility characters
 * folded (NFKC: full-width `Ｍ－０００２` is `M-0002`),
 * invisible characters dropped, every dash a plain `-`, runs of spaces one space, trimmed,
 * upper case (the case `MEMBER_NUMBER_FORMAT` numbers are given in). Every place that takes a
 * member number stores and compares this, so `m-0002`, `M-0002` with a zero-width space and
 * `Ｍ-0002` are one number.
 */
export function normalizeMemberNumber(value: string): string {
  return withoutInvisible(value.normalize('NFKC'))
    .replace(DASHES, '-')
    .replace(/\s+/gu, ' ')
    .trim()
    .toUpperCase();
}
