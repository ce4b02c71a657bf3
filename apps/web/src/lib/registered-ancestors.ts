import { normalizeRegistrationNumber, type RegisteredAncestor } from '@registry/domain';
import { api } from './api-client';
import { useApiQuery } from './use-api-query';

/**
 * Which of a pedigree's registration numbers are approved horses of the register (GET
 * pedigree/registered), keyed by the number as the register writes it; `loaded` once known.
 */
export function useRegisteredAncestors(numbers: ReadonlyArray<string | null | undefined>): {
  registered: Map<string, RegisteredAncestor>;
  loaded: boolean;
} {
  const wanted = [
    ...new Set(numbers.map((n) => normalizeRegistrationNumber(n ?? '')).filter(Boolean)),
  ]
    .sort()
    .slice(0, 20);
  const query = useApiQuery(`registered:${wanted.join(',')}`, (signal) =>
    wanted.length === 0
      ? Promise.resolve<RegisteredAncestor[]>([])
      : api
          .get<RegisteredAncestor[]>('pedigree/registered', { numbers: wanted }, { signal })
          .then((r) => r.data),
  );
  return {
    // Anything but a list (an older server, a proxy page) reads as nothing registered.
    registered: new Map(
      (Array.isArray(query.data) ? query.data : []).map((item) => [item.registrationNumber, item]),
    ),
    // Loaded for this list of numbers (an error counts as not loaded: nothing is claimed).
    loaded: !query.loading && query.error === undefined && Array.isArray(query.data),
  };
}
