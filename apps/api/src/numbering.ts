import { sql } from 'drizzle-orm';
import type { Executor } from './db/client.js';
import { registrationCounters } from './db/schema.js';

/*
 * Registration and member numbers: the format (checked by config.ts at start) and the counters.
 * Below every module, so the approvals, members and demo data all draw from it.
 */

export const DEFAULT_REGISTRATION_NUMBER_FORMAT = 'GHR-{YYYY}-{SEQ:5}';
export const DEFAULT_MEMBER_NUMBER_FORMAT = 'M-{SEQ:4}';

/**
 * A registration number format: literal text with {YYYY}, {YY}, {MM} (the approval date, UTC)
 * and exactly one {SEQ} or {SEQ:n} (the counter, zero-padded to n digits).
 */
export interface RegistrationNumberFormat {
  source: string;
  /** The number for a sequence value on a date. */
  render(seq: number, at: Date): string;
  /** The counter the number draws from: the text around {SEQ}, so {YYYY} restarts each year. */
  scope(at: Date): string;
}

const TOKEN = /\{(YYYY|YY|MM|SEQ(?::(\d{1,2}))?)\}/g;
const LITERAL = /^[A-Za-z0-9 ._/#-]*$/;

function fill(format: string, at: Date, seq: (width: number) => string): string {
  const year = String(at.getUTCFullYear());
  return format.replace(TOKEN, (_match, token: string, width?: string) => {
    if (token === 'YYYY') return year;
    if (token === 'YY') return year.slice(2);
    if (token === 'MM') return String(at.getUTCMonth() + 1).padStart(2, '0');
    return seq(width ? Number(width) : 0);
  });
}

/**
 * Checks REGISTRATION_NUMBER_FORMAT (or, with the other defaults, MEMBER_NUMBER_FORMAT); a bad
 * value throws with a message naming the problem.
 */
export function parseRegistrationNumberFormat(
  value: string | undefined,
  fallback = DEFAULT_REGISTRATION_NUMBER_FORMAT,
  variable = 'REGISTRATION_NUMBER_FORMAT',
): RegistrationNumberFormat {
  const source = value?.trim() || fallback;
  const seqTokens = [...source.matchAll(TOKEN)].filter(([, token]) => token?.startsWith('SEQ'));
  const literal = source.replace(TOKEN, '');
  if (seqTokens.length !== 1 || !LITERAL.test(literal) || literal.includes('{')) {
    throw new Error(
      `${variable} must hold exactly one {SEQ} or {SEQ:n}, optionally {YYYY}, {YY} or {MM}, and otherwise only letters, digits, spaces and . _ / # -`,
    );
  }
  return {
    source,
    render: (seq, at) => fill(source, at, (width) => String(seq).padStart(width, '0')),
    scope: (at) => fill(source, at, () => '{SEQ}'),
  };
}

/** MEMBER_NUMBER_FORMAT: the same tokens as registration numbers ({SEQ:n}, {YYYY}...). */
export function parseMemberNumberFormat(value: string | undefined): RegistrationNumberFormat {
  return parseRegistrationNumberFormat(value, DEFAULT_MEMBER_NUMBER_FORMAT, 'MEMBER_NUMBER_FORMAT');
}

/**
 * The next value of a counter. Must run inside the approval's transaction: the upsert takes
 * the counter row's lock until commit, so racing approvals queue here and each sees the value
 * the previous one committed; a rollback gives its number back.
 */
export async function nextSequence(tx: Executor, scope: string): Promise<number> {
  const [row] = await tx
    .insert(registrationCounters)
    .values({ scope, value: 1 })
    .onConflictDoUpdate({
      target: registrationCounters.scope,
      set: { value: sql`${registrationCounters.value} + 1` },
    })
    .returning({ value: registrationCounters.value });
  if (!row) throw new Error('counter upsert returned no row');
  return row.value;
}
