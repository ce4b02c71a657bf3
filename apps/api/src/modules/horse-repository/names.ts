import { inArray } from 'drizzle-orm';
import { horseDisplayName } from '@registry/domain';
import type { Executor } from '../../db/client.js';
import { horses } from '../../db/schema.js';

/** The name each of these horses is shown by, and its owner, in one query (absent: deleted). */
export async function horseNamesByIds(
  db: Executor,
  ids: readonly string[],
): Promise<Map<string, { name: string; ownerId: string }>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({
      id: horses.id,
      ownerId: horses.ownerId,
      approvedName: horses.approvedName,
      firstChoice: horses.firstChoice,
      secondChoice: horses.secondChoice,
      thirdChoice: horses.thirdChoice,
    })
    .from(horses)
    .where(inArray(horses.id, unique));
  return new Map(
    rows.map((row) => [row.id, { name: horseDisplayName(row), ownerId: row.ownerId }]),
  );
}
