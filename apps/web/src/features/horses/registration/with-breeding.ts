import { BREEDING_MARE_PART } from '@registry/domain';

/**
 * Names the reported breeding chosen under "Breedings that fit" in a register or edit request
 * (part or key `breedingMareId`); without one the body goes as it is and the server decides
 * the foal's flag alone.
 */
export function withBreeding<B extends FormData | Record<string, unknown>>(
  body: B,
  breedingMareId: string | null,
): B {
  if (!breedingMareId) return body;
  if (body instanceof FormData) {
    body.set(BREEDING_MARE_PART, breedingMareId);
    return body;
  }
  return { ...body, [BREEDING_MARE_PART]: breedingMareId };
}
