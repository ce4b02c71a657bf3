import { get, set, type FieldErrors, type Resolver } from 'react-hook-form';
import {
  horseNameKey,
  normalizeMemberNumber,
  personNameKey,
  REGISTER_RULE_MESSAGES,
  type NameAvailability,
  type OwnerCheckResult,
} from '@registry/domain';
import { askNameAvailability } from '../../../lib/name-availability';
import { askOwnerMemberCheck, type OwnerAsked } from '../../../lib/owner-member-check';
import type { AppDispatch } from '../../../stores/create-store';
import type { HorseFormResolver } from './form-resolver';
import type { HorseFormOutput, HorseFormValues } from './form-values';

export const NAME_FIELDS = ['firstChoice', 'secondChoice', 'thirdChoice'] as const;

interface OwnerValues {
  memberNum?: unknown;
  name?: unknown;
  nonMember?: unknown;
}

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

/** An owner row worth asking about: a member's number and a name, both given. */
export function ownerAsked(owner: OwnerValues | undefined): OwnerAsked | null {
  if (!owner || owner.nonMember === true) return null;
  const memberNum = text(owner.memberNum);
  const name = text(owner.name);
  return memberNum && name ? { memberNum, name } : null;
}

const ownerKey = ({ memberNum, name }: OwnerAsked) =>
  `${normalizeMemberNumber(memberNum)}\n${personNameKey(name)}`;

/**
 * The server's answers about the register's own rules, as the form has heard them: which name
 * choices an approved horse carries (GET horse-names/availability) and whether an owner's
 * member number and name go together (GET owners/member-check). The resolver turns them into
 * field messages (`withLookups`), so they show at the field and stop Save before the payment
 * step, and hold until the value they were about changes. The server checks again at save.
 */
export class RegisterLookups {
  private readonly names = new Map<string, boolean>();
  private readonly owners = new Map<string, OwnerCheckResult>();

  /** Records an availability answer. */
  noteNames(answers: readonly NameAvailability[]): void {
    for (const { name, taken } of answers) this.names.set(horseNameKey(name), taken);
  }

  noteOwner(asked: OwnerAsked, result: OwnerCheckResult): void {
    this.owners.set(ownerKey(asked), result);
  }

  /** Field messages for what the answers heard so far say about these values. */
  problems(values: Partial<HorseFormValues>): Record<string, string> {
    const problems: Record<string, string> = {};
    for (const field of NAME_FIELDS) {
      const name = text(values[field]);
      if (name && this.names.get(horseNameKey(name)) === true) {
        problems[field] = REGISTER_RULE_MESSAGES.nameChoiceTaken(name);
      }
    }
    (values.owners ?? []).forEach((owner, index) => {
      const asked = ownerAsked(owner);
      const result = asked ? this.owners.get(ownerKey(asked)) : undefined;
      if (result === 'unknown' || result === 'no-match') {
        problems[`owners.${index}.memberNum`] =
          result === 'unknown'
            ? REGISTER_RULE_MESSAGES.memberNumberUnknown
            : REGISTER_RULE_MESSAGES.ownerNameMismatch;
      }
    });
    return problems;
  }

  /**
   * At Save: asks what has not been asked yet (a name typed a moment ago, a row filled from a
   * draft) and answers the paths now in trouble. A lookup that gets no answer in time counts
   * as fine: the server decides at save.
   */
  async settle(
    dispatch: AppDispatch,
    values: Partial<HorseFormValues>,
    timeoutMs = 5000,
  ): Promise<string[]> {
    const unasked = NAME_FIELDS.map((field) => text(values[field])).filter(
      (name) => name && !this.names.has(horseNameKey(name)),
    );
    const owners = (values.owners ?? [])
      .map(ownerAsked)
      .filter((asked): asked is OwnerAsked => asked !== null && !this.owners.has(ownerKey(asked)));
    const asking = Promise.all([
      unasked.length > 0
        ? askNameAvailability(dispatch, unasked).then((answers) => this.noteNames(answers ?? []))
        : undefined,
      ...owners.map((asked) =>
        askOwnerMemberCheck(dispatch, asked).then((result) => {
          if (result) this.noteOwner(asked, result);
        }),
      ),
    ]);
    let timer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([
      asking,
      new Promise((resolve) => {
        timer = setTimeout(resolve, timeoutMs);
      }),
    ]);
    clearTimeout(timer);
    return Object.keys(this.problems(values));
  }
}

/**
 * The form's resolver with the lookups' messages added under fields the rules found nothing
 * wrong with; any such message makes the form invalid, as a rule would.
 */
export function withLookups(
  resolver: HorseFormResolver,
  lookups: RegisterLookups,
): HorseFormResolver {
  const checked: Resolver<HorseFormValues, unknown, HorseFormOutput> = async (
    values,
    context,
    options,
  ) => {
    const result = await resolver(values, context, options);
    const problems = Object.entries(lookups.problems(values));
    if (problems.length === 0) return result;
    const errors: FieldErrors<HorseFormValues> = { ...result.errors };
    for (const [path, message] of problems) {
      if (get(errors, path) === undefined) set(errors, path, { type: 'lookup', message });
    }
    return { values: {}, errors };
  };
  return Object.assign(checked, { load: resolver.load });
}
