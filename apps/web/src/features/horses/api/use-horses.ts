import { useApiQuery } from '../../../lib/use-api-query';
import { getHorse, listMyHorses, type MyHorsesParams } from './horses-api';

/** One page of the member's own horses; `reload` after a save or delete. */
export function useMyHorses(params: MyHorsesParams) {
  const key = JSON.stringify(params);
  return useApiQuery(key, (signal) => listMyHorses(params, signal).then((r) => r.data));
}

/** A horse with fresh (signed, expiring) file links, for the view and edit modes. */
export function useHorse(id: string | null) {
  return useApiQuery(id ?? '', (signal) =>
    id ? getHorse(id, signal).then((r) => r.data) : Promise.resolve(null),
  );
}
