import { and, eq, inArray, or, sql } from 'drizzle-orm';
import {
  normalizeRegistrationNumber,
  PEDIGREE_GENERATIONS,
  pedigreePaths,
  type FiveGenerationPedigree,
  type LineageAncestor,
  type RegisteredHorseRef,
} from '@registry/domain';
import type { Executor } from '../../db/client.js';
import type { StoredAncestor, StoredParent } from '../../db/horse-details.js';
import { horses } from '../../db/schema.js';

/*
 * The five-generation pedigree (docs/decisions/0104-offspring-and-pedigrees.md): the horse's own
 * typed pedigree (three generations as the form stores them), extended through the registered
 * horses among its ancestors, each bringing its own links and typed pedigree. One query per
 * generation (six at most, each for at most 32 places), never one per ancestor.
 */

interface Node {
  id: string;
  registrationNumber: string | null;
  name: string | null;
  sireHorseId: string | null;
  damHorseId: string | null;
  sireName: string;
  damName: string;
  sire: Partial<StoredParent> | null;
  dam: Partial<StoredParent> | null;
}

type Typed = { name: string; reg: string };

/** Approved horses by id (a link) or by registration number (a typed number), in one query. */
async function approvedNodes(db: Executor, ids: string[], numbers: string[]): Promise<Node[]> {
  const which = or(
    ids.length > 0 ? inArray(horses.id, ids) : undefined,
    numbers.length > 0 ? inArray(horses.registrationNumber, numbers) : undefined,
  );
  if (!which) return [];
  return db
    .select({
      id: horses.id,
      registrationNumber: horses.registrationNumber,
      name: horses.approvedName,
      sireHorseId: horses.sireHorseId,
      damHorseId: horses.damHorseId,
      sireName: horses.sireName,
      damName: horses.damName,
      // Only the two pedigree branches of details, not the whole record.
      sire: sql<Partial<StoredParent> | null>`${horses.details} -> 'sire'`,
      dam: sql<Partial<StoredParent> | null>`${horses.details} -> 'dam'`,
    })
    .from(horses)
    .where(and(eq(horses.approvalStatus, 'approved'), which));
}

const refOf = (node: Node): RegisteredHorseRef => ({
  horseId: node.id,
  registrationNumber: node.registrationNumber ?? '',
  name: node.name ?? '',
});

function typedOf(stored: Partial<StoredAncestor> | null | undefined, fallbackName = ''): Typed {
  return {
    name: (stored?.name || fallbackName || '').trim(),
    reg: (stored?.reg ?? '').trim(),
  };
}

/**
 * Writes what a registered horse's form says of its ancestors into `typed`, at the places below
 * `at`: sire and dam, their sire and dam, the grand sire's sire and the grand dam's dam. A
 * horse further from the subject is processed later and overwrites: each registered horse
 * speaks for its own ancestors.
 */
function spreadTyped(typed: Map<string, Typed>, at: string, node: Node): void {
  const sides: Array<[string, Partial<StoredParent> | null, string]> = [
    ['s', node.sire, node.sireName],
    ['d', node.dam, node.damName],
  ];
  for (const [letter, parent, columnName] of sides) {
    const places: Array<[string, Typed]> = [
      [letter, typedOf(parent, columnName)],
      [`${letter}s`, typedOf(parent?.grand_sire)],
      [`${letter}d`, typedOf(parent?.grand_dam)],
      [`${letter}ss`, typedOf(parent?.great_grand_sire)],
      [`${letter}dd`, typedOf(parent?.great_grand_dam)],
    ];
    for (const [suffix, entry] of places) {
      const path = at + suffix;
      if (path.length > PEDIGREE_GENERATIONS || (!entry.name && !entry.reg)) continue;
      typed.set(path, entry);
    }
  }
}

/** Whether `id` is the subject or a registered horse on the way from the subject to `path`. */
function onItsOwnLine(records: Map<string, Node>, path: string, id: string): boolean {
  for (let i = 0; i < path.length; i++) {
    if (records.get(path.slice(0, i))?.id === id) return true;
  }
  return false;
}

/** The pedigree of the approved horse with this number, or null when there is none. */
export async function fiveGenerationPedigree(
  db: Executor,
  number: string,
): Promise<FiveGenerationPedigree | null> {
  const wanted = normalizeRegistrationNumber(number);
  if (!wanted) return null;
  const [subject] = await approvedNodes(db, [], [wanted]);
  if (!subject) return null;

  // The registered horses placed so far, by path ('' the subject), and the typed names.
  const records = new Map<string, Node>([['', subject]]);
  const typed = new Map<string, Typed>();
  spreadTyped(typed, '', subject);
  const ancestors: LineageAncestor[] = [];
  const links: FiveGenerationPedigree['links'] = { sire: null, dam: null };

  for (let generation = 1; generation <= PEDIGREE_GENERATIONS; generation++) {
    const paths = pedigreePaths(generation);
    // Each place's registered horse: the link of the registered child, else its typed number.
    const byLink = new Map<string, string>();
    const byNumber = new Map<string, string>();
    for (const path of paths) {
      const child = records.get(path.slice(0, -1));
      const link = child && (path.endsWith('s') ? child.sireHorseId : child.damHorseId);
      if (link) byLink.set(path, link);
      const reg = typed.get(path)?.reg;
      if (reg) byNumber.set(path, normalizeRegistrationNumber(reg));
    }
    const nodes =
      byLink.size + byNumber.size === 0
        ? []
        : await approvedNodes(db, [...new Set(byLink.values())], [...new Set(byNumber.values())]);
    const withId = new Map(nodes.map((node) => [node.id, node]));
    const withNumber = new Map(nodes.map((node) => [node.registrationNumber, node]));

    for (const path of paths) {
      const linked = byLink.has(path) ? withId.get(byLink.get(path)!) : undefined;
      const node = linked ?? (byNumber.has(path) ? withNumber.get(byNumber.get(path)!) : undefined);
      if (linked && generation === 1) links[path === 's' ? 'sire' : 'dam'] = refOf(linked);
      if (node) {
        ancestors.push({
          path,
          name: node.name ?? '',
          reg: node.registrationNumber ?? '',
          horse: refOf(node),
        });
        // A horse already on its own line (a loop in the links or the typed numbers) is shown
        // but not followed: the chart stays finite and says what the register holds.
        if (!onItsOwnLine(records, path, node.id)) {
          records.set(path, node);
          spreadTyped(typed, path, node);
        }
        continue;
      }
      const entry = typed.get(path);
      if (entry) ancestors.push({ path, name: entry.name, reg: entry.reg, horse: null });
    }
  }
  return { horse: refOf(subject), ancestors, links };
}
