import type { NameAvailability } from '@registry/domain';
import { api } from './api-client';
import { useApiQuery } from './use-api-query';

/**
 * GET horse-names/availability: which of these names an approved horse already carries
 * (ignoring case and whitespace). The query is written out by hand: the route reads the name
 * repeated (`names=a&names=b`), not `names[]=`.
 */
export function fetchNameAvailability(
  names: string[],
  horseId?: string,
  signal?: AbortSignal,
): Promise<NameAvailability[]> {
  const query = names.map((name) => `names=${encodeURIComponent(name)}`);
  if (horseId) query.push(`horseId=${encodeURIComponent(horseId)}`);
  return api
    .get<NameAvailability[]>(`horse-names/availability?${query.join('&')}`, undefined, { signal })
    .then((r) => r.data);
}

/** The availability of up to three names; nothing is asked while no name is given. */
export function useNameAvailability(names: string[], horseId?: string) {
  const asked = names.map((name) => name.trim()).filter(Boolean);
  return useApiQuery(`names:${horseId ?? ''}:${JSON.stringify(asked)}`, (signal) =>
    asked.length > 0
      ? fetchNameAvailability(asked, horseId, signal)
      : Promise.resolve<NameAvailability[]>([]),
  );
}

/** True when `name` is among the taken ones of an availability answer. */
export function isTaken(answer: NameAvailability[] | undefined, name: string): boolean {
  return Array.isArray(answer) && answer.some((e) => e.taken && e.name === name.trim());
}
