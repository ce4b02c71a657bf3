import { skipToken } from '@reduxjs/toolkit/query/react';
import type { NameAvailability } from '@registry/domain';
import { queryState, serverApi } from '../stores/server-api';
import type { AppDispatch } from '../stores/create-store';

interface NamesAsked {
  names: string[];
  horseId?: string | undefined;
}

// Shared by the member's form and the office's approval, so it lives here and not in a feature.
const namesApi = serverApi.injectEndpoints({
  endpoints: (build) => ({
    /**
     * GET horse-names/availability. The query is written out by hand: the route reads the name
     * repeated (`names=a&names=b`), not `names[]=`. An approval can take a name: tag `Horse`.
     */
    nameAvailability: build.query<NameAvailability[], NamesAsked>({
      query: ({ names, horseId }) => {
        const query = names.map((name) => `names=${encodeURIComponent(name)}`);
        if (horseId) query.push(`horseId=${encodeURIComponent(horseId)}`);
        return `horse-names/availability?${query.join('&')}`;
      },
      providesTags: ['Horse'],
    }),
  }),
});

/**
 * Which of up to three names an approved horse already carries (ignoring case and whitespace);
 * nothing is asked while no name is given.
 */
export function useNameAvailability(names: string[], horseId?: string) {
  const asked = names.map((name) => name.trim()).filter(Boolean);
  return queryState(
    namesApi.useNameAvailabilityQuery(asked.length > 0 ? { names: asked, horseId } : skipToken),
    asked.length === 0,
  );
}

/** True when `name` is among the taken ones of an availability answer. */
export function isTaken(answer: NameAvailability[] | undefined, name: string): boolean {
  return Array.isArray(answer) && answer.some((e) => e.taken && e.name === name.trim());
}

/** The same question outside a component (the form's Save): the cached answer when there is one. */
export async function askNameAvailability(
  dispatch: AppDispatch,
  names: string[],
): Promise<NameAvailability[] | undefined> {
  const asked = names.map((name) => name.trim()).filter(Boolean);
  if (asked.length === 0) return [];
  const request = dispatch(namesApi.endpoints.nameAvailability.initiate({ names: asked }));
  try {
    return await request.unwrap();
  } catch {
    // No answer (offline): the server checks again at save.
    return undefined;
  } finally {
    request.unsubscribe();
  }
}
