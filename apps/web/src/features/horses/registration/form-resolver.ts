import type { Resolver } from 'react-hook-form';
import type { HorseFormMode } from '@registry/domain';
import { nextTask, zodFirst } from '../../../lib/after-next-paint';
import type { Horse } from '../../../lib/horse-types';
import type { HorseFormOutput, HorseFormValues } from './form-values';

/** The form's resolver, with a way to fetch its rules ahead of the first check. */
export type HorseFormResolver = Resolver<HorseFormValues, unknown, HorseFormOutput> & {
  load: () => Promise<unknown>;
};

/**
 * The domain's rules for the mode (form-schema.ts). They come with zod, about a third of the
 * form's code, so they are fetched and built when the member first works in the form (or at
 * the first check), not before the form can paint (docs/decisions/0064-zod-off-the-first-paint.md).
 */
export function horseFormResolver(
  mode: HorseFormMode,
  horse: Horse | null | undefined,
  withoutPayment = false,
  /** The marking field lists the stored photos (withStoredPhotos): they count as given. */
  storedPhotosInForm = false,
): HorseFormResolver {
  let rules: Promise<Resolver<HorseFormValues, unknown, HorseFormOutput>> | undefined;
  const load = () => {
    // zod, then the rules built with it, then the first check, each run in a task of its own:
    // together they were one long task on a phone.
    rules ??= (async () => {
      await zodFirst();
      const { schemaResolver } = await import('./form-schema');
      await nextTask();
      return schemaResolver(mode, horse, withoutPayment, storedPhotosInForm);
    })().catch((error: unknown) => {
      // A failed fetch (flaky network) is tried again at the next check.
      rules = undefined;
      throw error;
    });
    return rules;
  };
  const resolver: Resolver<HorseFormValues, unknown, HorseFormOutput> = async (
    values,
    context,
    options,
  ) => (await load())(values, context, options);
  return Object.assign(resolver, { load });
}
