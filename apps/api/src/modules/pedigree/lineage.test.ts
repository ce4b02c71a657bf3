import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { LINEAGE_MESSAGES, type LineageAncestor, type OffspringPage } from '@registry/domain';
import { horses, type HorseRow } from '../../db/schema.js';
import { MEMBER_A, createTestApp, login, type TestApp } from '../../test/harness.js';
import { registerThroughApi } from '../../test/admin-fixtures.js';
import { horseLike, typedParent } from '../../test/lineage-fixtures.js';

let t: TestApp;
let template: HorseRow;

beforeAll(async () => {
  t = await createTestApp();
  template = await registerThroughApi(t.app, t.database.db, await login(t.app, MEMBER_A));
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url: `/api/${url}` });
const like = (spec: Parameters<typeof horseLike>[2]) => horseLike(t.database.db, template, spec);

/** The chart as path -> "name" or "name [number]" for a registered horse. */
function chart(ancestors: LineageAncestor[]): Record<string, string> {
  return Object.fromEntries(
    ancestors.map((a) => [a.path, a.horse ? `${a.name} [${a.horse.registrationNumber}]` : a.name]),
  );
}

describe('GET public/horses/:number/pedigree', () => {
  let subject: HorseRow;
  let grandSire: HorseRow;

  beforeAll(async () => {
    // Three generations up the sire's line are registered; the dam's side is typed only.
    grandSire = await like({
      name: 'Lin Grand Sire',
      number: 'LIN-B',
      sire: typedParent('B Typed Sire', '', {
        grand_sire: 'B Typed Grand Sire',
        great_grand_sire: 'B Typed Great Sire',
      }),
      dam: typedParent('B Typed Dam'),
    });
    const mare = await like({
      name: 'Lin Mare',
      number: 'LIN-C',
      sex: 'Mare',
      dam: typedParent('C Typed Dam'),
    });
    const sire = await like({
      name: 'Lin Sire',
      number: 'LIN-A',
      sireHorseId: grandSire.id,
      // A typed number that is an approved horse of the register counts as registered.
      dam: typedParent('whatever was typed', 'lin-c'),
      sire: typedParent('Typed name under the link'),
    });
    subject = await like({
      name: 'Lin Subject',
      number: 'LIN-S',
      sireHorseId: sire.id,
      // The subject's own typed pedigree: what the form stores.
      sire: typedParent('Lin Sire as typed', 'LIN-A', { grand_dam: 'Subject typed sire dam' }),
      dam: typedParent('Typed Dam', '', {
        grand_dam: 'Typed Dam Dam',
        great_grand_dam: 'Typed DDD',
      }),
    });
    expect(mare.registrationNumber).toBe('LIN-C');
  });

  it('extends the typed pedigree through registered ancestors to five generations', async () => {
    const response = await get('public/horses/lin-s/pedigree');
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    expect(data.horse).toMatchObject({ registrationNumber: 'LIN-S', name: 'Lin Subject' });
    expect(data.links.sire).toMatchObject({ registrationNumber: 'LIN-A', name: 'Lin Sire' });
    expect(data.links.dam).toBeNull();
    expect(chart(data.ancestors)).toEqual({
      s: 'Lin Sire [LIN-A]',
      d: 'Typed Dam',
      // The registered sire speaks for its own ancestors: its link and its typed dam number.
      ss: 'Lin Grand Sire [LIN-B]',
      sd: 'Lin Mare [LIN-C]',
      dd: 'Typed Dam Dam',
      sss: 'B Typed Sire',
      ssd: 'B Typed Dam',
      sdd: 'C Typed Dam',
      ddd: 'Typed DDD',
      ssss: 'B Typed Grand Sire',
      sssss: 'B Typed Great Sire',
    });
    // Missing branches are left out, never invented; nothing beyond five generations.
    expect(data.ancestors.every((a: LineageAncestor) => a.path.length <= 5)).toBe(true);
    expect(data.ancestors.map((a: LineageAncestor) => a.path)).not.toContain('ds');
  });

  it('stops at a loop in the links instead of following it', async () => {
    // The grand sire's sire linked back to the subject: a loop the office check would refuse,
    // written directly as a damaged register could hold it.
    await t.database.db
      .update(horses)
      .set({ sireHorseId: subject.id })
      .where(eq(horses.id, grandSire.id));
    const response = await get('public/horses/LIN-S/pedigree');
    expect(response.statusCode).toBe(200);
    const places = chart(response.json().data.ancestors);
    expect(places.sss).toBe('Lin Subject [LIN-S]');
    // The subject is not followed again: its sire does not reappear above it.
    expect(places.ssss).toBe('B Typed Grand Sire');
    expect(Object.values(places).filter((v) => v === 'Lin Sire [LIN-A]')).toHaveLength(1);
    await t.database.db
      .update(horses)
      .set({ sireHorseId: null })
      .where(eq(horses.id, grandSire.id));
  });

  it('is 404 for a number no approved horse carries', async () => {
    await like({ name: 'Lin Pending', number: 'LIN-P', status: 'pending' });
    for (const number of ['LIN-P', 'LIN-NONE']) {
      const response = await get(`public/horses/${number}/pedigree`);
      expect(response.statusCode).toBe(404);
      expect(response.json().error).toBe(LINEAGE_MESSAGES.horseNotFound);
    }
  });
});

describe('GET public/horses/:number/offspring', () => {
  let sire: HorseRow;
  let mare: HorseRow;

  beforeAll(async () => {
    sire = await like({ name: 'Off Sire', number: 'OFF-S' });
    mare = await like({ name: 'Off Mare', number: 'OFF-M', sex: 'Mare' });
    // 23 approved foals of the sire over several years, two on each date (the cursor must
    // tell same-day foals apart); every third out of the registered mare.
    for (let i = 0; i < 23; i++) {
      const withMare = i % 3 === 0;
      await like({
        name: `Off Foal ${i}`,
        number: `OFF-F${String(i).padStart(2, '0')}`,
        sex: i % 2 ? 'Mare' : 'Stallion',
        foalDate: `20${10 + Math.floor(i / 2)}-05-01`,
        sireHorseId: sire.id,
        damHorseId: withMare ? mare.id : null,
        dam: typedParent(withMare ? 'typed, but linked' : `Typed Dam ${i}`),
      });
    }
    // Not in the register (yet): never listed.
    await like({ name: 'Off Pending', number: 'OFF-P', status: 'pending', sireHorseId: sire.id });
    await like({ name: 'Off Rejected', number: 'OFF-R', status: 'rejected', sireHorseId: sire.id });
  });

  async function everyPage(number: string, limit: number) {
    const pages: OffspringPage[] = [];
    let after: string | null = '';
    while (after !== null) {
      const query = new URLSearchParams({ limit: String(limit), ...(after ? { after } : {}) });
      const response = await get(`public/horses/${number}/offspring?${query}`);
      expect(response.statusCode).toBe(200);
      const page: OffspringPage = response.json().data;
      pages.push(page);
      after = page.nextCursor;
    }
    return pages;
  }

  it('pages through the approved foals newest first, each once', async () => {
    const pages = await everyPage('OFF-S', 10);
    expect(pages.map((p) => p.items.length)).toEqual([10, 10, 3]);
    const items = pages.flatMap((p) => p.items);
    expect(new Set(items.map((i) => i.registrationNumber)).size).toBe(23);
    expect(items.map((i) => i.registrationNumber)).not.toContain('OFF-P');
    expect(items.map((i) => i.registrationNumber)).not.toContain('OFF-R');
    const dates = items.map((i) => i.foalDate);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(items[0]).toMatchObject({
      name: 'Off Foal 22',
      foalDate: '2021-05-01',
      sex: 'Stallion',
    });
  });

  it('names the other parent: the registered record when linked, else the typed name', async () => {
    const items = (await everyPage('OFF-S', 50)).flatMap((p) => p.items);
    expect(items.find((i) => i.name === 'Off Foal 3')!.otherParent).toEqual({
      side: 'dam',
      name: 'Off Mare',
      registrationNumber: 'OFF-M',
    });
    expect(items.find((i) => i.name === 'Off Foal 4')!.otherParent).toEqual({
      side: 'dam',
      name: 'Typed Dam 4',
      registrationNumber: null,
    });
  });

  it("lists a mare's foals with their sire", async () => {
    const items = (await everyPage('OFF-M', 3)).flatMap((p) => p.items);
    expect(items.map((i) => i.name)).toEqual([
      'Off Foal 21',
      'Off Foal 18',
      'Off Foal 15',
      'Off Foal 12',
      'Off Foal 9',
      'Off Foal 6',
      'Off Foal 3',
      'Off Foal 0',
    ]);
    expect(items[0]!.otherParent).toEqual({
      side: 'sire',
      name: 'Off Sire',
      registrationNumber: 'OFF-S',
    });
  });

  it('answers an empty page for a horse without foals, 404 for no approved horse, 400 for a bad cursor', async () => {
    const empty = await get('public/horses/OFF-F00/offspring');
    expect(empty.json().data).toEqual({ items: [], nextCursor: null });
    expect((await get('public/horses/OFF-P/offspring')).statusCode).toBe(404);
    for (const after of ['nonsense', Buffer.from('2026-02-30|x').toString('base64url')]) {
      const response = await get(`public/horses/OFF-S/offspring?after=${after}`);
      expect(response.statusCode).toBe(400);
    }
  });
});
