import { skipToken } from '@reduxjs/toolkit/query/react';
import { normalizeRegistrationNumber, type RegisteredAncestor } from '@registry/domain';
import { queryState, serverApi } from '../stores/server-api';

// Shared by the pedigree chart and the reviewer's pedigree check, so it lives here.
const ancestorsApi = serverApi.injectEndpoints({
  endpoints: (build) => ({
    // An approval can register an ancestor: tag `Horse`.
    registeredAncestors: build.query<RegisteredAncestor[], string[]>({
      query: (numbers) => ({ url: 'pedigree/registered', params: { numbers } }),
      providesTags: ['Horse'],
    }),
  }),
});

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
  const query = queryState(
    ancestorsApi.useRegisteredAncestorsQuery(wanted.length > 0 ? wanted : skipToken),
    wanted.length === 0,
  );
  // No number: nothing to ask, nothing registered.
  const data = wanted.length > 0 ? query.data : [];
  return {
    // Anything but a list (an older server, a proxy page) reads as nothing registered.
    registered: new Map(
      (Array.isArray(data) ? data : []).map((item) => [item.registrationNumber, item]),
    ),
    // Loaded for this list of numbers (an error counts as not loaded: nothing is claimed).
    loaded: !query.loading && query.error === undefined && Array.isArray(data),
  };
}
