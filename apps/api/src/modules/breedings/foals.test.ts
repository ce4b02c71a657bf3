import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BREEDING_MESSAGES, GESTATION_MAX_DAYS, GESTATION_MIN_DAYS } from '@registry/domain';
import { horses } from '../../db/schema.js';
import { registerThroughApi } from '../../test/admin-fixtures.js';
import {
  REGISTER,
  editOf,
  leftovers,
  sendForm,
  validFiles,
  validValues,
} from '../../test/multipart.js';
import {
  breedingWorld,
  closeWorld,
  line,
  requests,
  type BreedingWorld,
} from '../../test/breeding-world.js';
import { gestationFit } from './fits.js';

let world: BreedingWorld;
const { send, file, setDeadline } = requests(() => world);
let dixieLine: string;
let ladyLine: string;

const BRED = '2026-05-01';
const plusDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  world = await breedingWorld();
  expect((await setDeadline(11, 30, 1)).statusCode).toBe(200);
  const filed = await file(2026, {
    mares: [
      line({ mareRegistrationNumber: 'BRD-0002', breedingDates: [BRED] }),
      line({ mareName: 'Lady Gray', mareOwnerName: 'Pat Jones', breedingDates: ['2026-06-10'] }),
    ],
  });
  expect(filed.statusCode).toBe(200);
  [dixieLine, ladyLine] = filed.json().data.mares.map((m: { id: string }) => m.id);
});
afterAll(() => closeWorld(world));

const fits = (query: Record<string, string>) =>
  send('GET', `breedings/fits?${new URLSearchParams(query)}`, world.mareOwner);

const parent = (name: string, reg = '') =>
  JSON.stringify({
    name,
    reg,
    otherRegName: '',
    otherRegNum: '',
    ...Object.fromEntries(
      ['grand_sire', 'grand_dam', 'great_grand_sire', 'great_grand_dam'].map((k) => [
        k,
        { name: '', reg: '', otherRegName: '', otherRegNum: '' },
      ]),
    ),
  });

/** A foal of Thunder Rack out of the given dam, as the register form sends it. */
const foal = (foalDate: string, dam = parent('Dixie Belle', 'BRD-0002'), extra = {}) => ({
  foalDate,
  breedingDate: foalDate,
  sire: parent('Thunder Rack', 'BRD-0001'),
  dam,
  ...extra,
});

describe('the gestation window', () => {
  it(`fits ${GESTATION_MIN_DAYS} to ${GESTATION_MAX_DAYS} days after a breeding date, both included`, () => {
    expect(gestationFit([BRED], plusDays(BRED, GESTATION_MIN_DAYS - 1))).toBeNull();
    expect(gestationFit([BRED], plusDays(BRED, GESTATION_MIN_DAYS))).toBe(GESTATION_MIN_DAYS);
    expect(gestationFit([BRED], plusDays(BRED, GESTATION_MAX_DAYS))).toBe(GESTATION_MAX_DAYS);
    expect(gestationFit([BRED], plusDays(BRED, GESTATION_MAX_DAYS + 1))).toBeNull();
    // Several dates: the nearest fitting one counts.
    expect(gestationFit(['2026-05-01', '2026-05-20'], '2027-04-20')).toBe(335);
  });
});

describe('GET breedings/fits', () => {
  it("finds the sire's reported breeding of the dam by numbers, at the window's edges only", async () => {
    const at = (days: number) =>
      fits({
        sireRegistrationNumber: 'brd-0001',
        damRegistrationNumber: 'BRD-0002',
        foalDate: plusDays(BRED, days),
      });
    for (const days of [GESTATION_MIN_DAYS, GESTATION_MAX_DAYS]) {
      const response = await at(days);
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toEqual([
        expect.objectContaining({
          breedingMareId: dixieLine,
          season: 2026,
          stallion: expect.objectContaining({
            horseId: world.stallion.id,
            registrationNumber: 'BRD-0001',
          }),
          mare: expect.objectContaining({ horseId: world.mare.id, name: 'Dixie Belle' }),
          gestationDays: days,
        }),
      ]);
    }
    for (const days of [GESTATION_MIN_DAYS - 1, GESTATION_MAX_DAYS + 1]) {
      expect((await at(days)).json().data).toEqual([]);
    }
  });

  it('finds them by names too, ignoring case and spaces; another sire or dam finds none', async () => {
    const byName = await fits({
      sireName: 'thunder  rack',
      damName: 'lady gray',
      foalDate: '2027-05-01',
    });
    expect(byName.json().data).toEqual([
      expect.objectContaining({ breedingMareId: ladyLine, mare: null, mareOwnerName: 'Pat Jones' }),
    ]);
    const registeredByName = await fits({
      sireName: 'Thunder Rack',
      damName: 'Dixie Belle',
      foalDate: '2027-04-06',
    });
    expect(registeredByName.json().data).toHaveLength(1);
    const otherDam = await fits({
      sireName: 'Thunder Rack',
      damName: 'Someone Else',
      foalDate: '2027-04-06',
    });
    expect(otherDam.json().data).toEqual([]);
    const otherSire = await fits({
      sireName: 'Dixie Belle',
      damName: 'Dixie Belle',
      foalDate: '2027-04-06',
    });
    expect(otherSire.json().data).toEqual([]);
    const bad = await fits({ sireName: 'Thunder Rack', foalDate: 'April' });
    expect(bad.statusCode).toBe(400);
  });
});

describe('registering a foal from a breeding', () => {
  it('links sire and dam to their records when the chosen breeding fits', async () => {
    const row = await registerThroughApi(world.t.app, world.t.database.db, world.mareOwner, {
      ...foal('2027-04-06'),
      breedingMareId: dixieLine,
    });
    expect(row).toMatchObject({
      breedingMareId: dixieLine,
      sireHorseId: world.stallion.id,
      damHorseId: world.mare.id,
      noBreedingReport: false,
    });
    const seen = await send('GET', `admin/horses/${row.id}/breeding`, world.admin);
    expect(seen.json().data).toEqual({
      noBreedingReport: false,
      linked: expect.objectContaining({
        breedingMareId: dixieLine,
        season: 2026,
        stallion: expect.objectContaining({ name: 'Thunder Rack' }),
        mare: expect.objectContaining({ name: 'Dixie Belle' }),
      }),
    });
    // The report shows the foal on its line, and the line cannot be taken out any more.
    const report = (
      await send('GET', `members/horses/${world.stallion.id}/breeding-reports`, world.stallionOwner)
    ).json().data.reports[0];
    expect(report.mares[0].foals).toBe(1);
    const removing = await file(2026, {
      version: report.version,
      mares: [
        line({
          id: ladyLine,
          mareName: 'Lady Gray',
          mareOwnerName: 'Pat Jones',
          breedingDates: ['2026-06-10'],
        }),
      ],
    });
    expect(removing.statusCode).toBe(409);
    expect(removing.json().error).toBe(BREEDING_MESSAGES.lineHasFoals);
  });

  it('refuses a chosen breeding the foal does not fit, leaving nothing behind', async () => {
    const before = await leftovers(world.t);
    const values = {
      ...validValues(),
      firstChoice: 'Late Foal',
      secondChoice: 'Late Foal 2',
      thirdChoice: 'Late Foal 3',
    };
    const response = await sendForm(
      world.t.app,
      world.mareOwner,
      REGISTER,
      { ...values, ...foal(plusDays(BRED, GESTATION_MIN_DAYS - 1)), breedingMareId: dixieLine },
      validFiles(),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({ breedingMareId: BREEDING_MESSAGES.fitDoesNotMatch });
    const unknown = await sendForm(
      world.t.app,
      world.mareOwner,
      REGISTER,
      { ...values, ...foal('2027-04-06'), breedingMareId: 'not-a-line' },
      validFiles(),
    );
    expect(unknown.json().fields).toEqual({ breedingMareId: BREEDING_MESSAGES.fitNotFound });
    expect(await leftovers(world.t)).toEqual(before);
  });

  it('flags a foal no report fits, for the office to see and filter', async () => {
    const row = await registerThroughApi(world.t.app, world.t.database.db, world.mareOwner, {
      ...foal('2027-04-06', parent('Unknown Mare')),
    });
    expect(row).toMatchObject({ breedingMareId: null, noBreedingReport: true, sireHorseId: null });
    const seen = await send('GET', `admin/horses/${row.id}/breeding`, world.admin);
    expect(seen.json().data).toEqual({ linked: null, noBreedingReport: true });
    const flagged = await send(
      'GET',
      'admin/pending-horses?breeding=no-report&pageSize=100',
      world.admin,
    );
    const ids = flagged.json().data.items.map((h: { _id: string }) => h._id);
    expect(ids).toContain(row.id);
    expect(
      flagged.json().data.items.every((h: { noBreedingReport: boolean }) => h.noBreedingReport),
    ).toBe(true);
    const linked = await send(
      'GET',
      'admin/pending-horses?breeding=linked&pageSize=100',
      world.admin,
    );
    expect(linked.json().data.items.map((h: { _id: string }) => h._id)).not.toContain(row.id);
    expect(linked.json().data.items.length).toBeGreaterThan(0);
  });

  it('a foal that fits a report but chose none is not flagged, and not linked', async () => {
    const row = await registerThroughApi(world.t.app, world.t.database.db, world.mareOwner, {
      ...foal('2027-04-06'),
    });
    expect(row).toMatchObject({ breedingMareId: null, noBreedingReport: false, damHorseId: null });
  });

  it('an edit that changes the dam drops the link and its parent links, raising the version', async () => {
    const row = await registerThroughApi(world.t.app, world.t.database.db, world.mareOwner, {
      ...foal('2027-04-06'),
      breedingMareId: dixieLine,
    });
    const edit = await sendForm(
      world.t.app,
      world.mareOwner,
      editOf(row.id),
      { ...validValues(), ...foal('2027-04-06', parent('Unknown Mare')) },
      [],
    );
    expect(edit.statusCode).toBe(200);
    const [after] = await world.t.database.db.select().from(horses).where(eq(horses.id, row.id));
    expect(after).toMatchObject({
      breedingMareId: null,
      sireHorseId: null,
      damHorseId: null,
      noBreedingReport: true,
    });
    expect(after!.version).toBeGreaterThan(row.version);
    // Choosing it again on an edit that puts the dam back links it again.
    const back = await sendForm(
      world.t.app,
      world.mareOwner,
      editOf(row.id),
      { ...validValues(), ...foal('2027-04-06'), breedingMareId: dixieLine },
      [],
    );
    expect(back.statusCode).toBe(200);
    const [relinked] = await world.t.database.db.select().from(horses).where(eq(horses.id, row.id));
    expect(relinked).toMatchObject({ breedingMareId: dixieLine, damHorseId: world.mare.id });

    // The office's edit of the pending registration follows the same rule.
    const office = await sendForm(
      world.t.app,
      world.admin,
      { method: 'PUT', url: `/api/admin/horses/${row.id}` },
      { ...validValues(), ...foal('2027-04-06', parent('Unknown Mare')) },
      [],
    );
    expect(office.statusCode).toBe(200);
    const [byOffice] = await world.t.database.db.select().from(horses).where(eq(horses.id, row.id));
    expect(byOffice).toMatchObject({
      breedingMareId: null,
      damHorseId: null,
      noBreedingReport: true,
    });
  });

  it('a report amended after the foal was registered clears its flag, on a new version', async () => {
    const row = await registerThroughApi(world.t.app, world.t.database.db, world.mareOwner, {
      ...foal('2027-04-20', parent('Late Mare')),
    });
    expect(row.noBreedingReport).toBe(true);
    const report = (
      await send('GET', `members/horses/${world.stallion.id}/breeding-reports`, world.stallionOwner)
    ).json().data.reports[0];
    const kept = report.mares.map((m: Record<string, unknown>) => ({
      id: m.id,
      mareRegistrationNumber: m.mareRegistrationNumber,
      mareName: m.mareRegistrationNumber ? '' : m.mareName,
      mareOwnerName: m.mareRegistrationNumber ? '' : m.mareOwnerName,
      breedingDates: m.breedingDates,
      method: m.method,
    }));
    const amended = await file(2026, {
      version: report.version,
      mares: [
        ...kept,
        line({ mareName: 'Late  Mare', mareOwnerName: 'Sam Lee', breedingDates: ['2026-05-20'] }),
      ],
    });
    expect(amended.statusCode).toBe(200);
    const [after] = await world.t.database.db.select().from(horses).where(eq(horses.id, row.id));
    expect(after).toMatchObject({ noBreedingReport: false, breedingMareId: null });
    expect(after!.version).toBe(row.version + 1);
  });
});
