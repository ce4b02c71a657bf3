import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { BREEDING_MESSAGES } from '@registry/domain';
import { mailOutbox } from '../../db/schema.js';
import { MEMBER_A } from '../../test/harness.js';
import {
  breedingWorld,
  closeWorld,
  line,
  requests,
  type BreedingWorld,
} from '../../test/breeding-world.js';

let world: BreedingWorld;
const { send, file, setDeadline } = requests(() => world);

/** The subjects mailed to the stallion's owner, oldest first. */
const mailedSubjects = async () =>
  (
    await world.t.database.db
      .select({ subject: mailOutbox.subject })
      .from(mailOutbox)
      .where(eq(mailOutbox.to, MEMBER_A.email))
  ).map((row) => row.subject);

beforeAll(async () => {
  world = await breedingWorld();
  // Season 2026 closes on 30 November 2027 for most of this file.
  expect((await setDeadline(11, 30, 1)).statusCode).toBe(200);
});
afterAll(() => closeWorld(world));

const registered = line({
  mareRegistrationNumber: ' brd-0002 ',
  breedingDates: ['2026-05-03', '2026-05-01'],
});
const unregistered = line({
  mareName: 'Lady Gray',
  mareOwnerName: 'Pat Jones',
  method: 'ai-cooled',
});

describe('filing a report', () => {
  it('refuses mares the register cannot vouch for, line by line', async () => {
    const cases = [
      [line({ mareRegistrationNumber: 'BRD-9999' }), BREEDING_MESSAGES.mareNotRegistered],
      [line({ mareRegistrationNumber: 'BRD-0003' }), BREEDING_MESSAGES.mareNotApproved],
      [line({ mareRegistrationNumber: 'BRD-0004' }), BREEDING_MESSAGES.mareNotMare],
    ] as const;
    for (const [mare, message] of cases) {
      const response = await file(2026, { mares: [unregistered, mare] });
      expect(response.statusCode).toBe(400);
      expect(response.json().fields).toEqual({ 'mares.1.mareRegistrationNumber': message });
    }
    const noOwner = await file(2026, { mares: [line({ mareName: 'Lady Gray' })] });
    expect(noOwner.statusCode).toBe(400);
    expect(noOwner.json().fields['mares.0.mareOwnerName']).toBe(
      BREEDING_MESSAGES.mareOwnerRequired,
    );
    const twice = await file(2026, { mares: [registered, registered] });
    expect(twice.json().fields).toEqual({
      'mares.1.mareRegistrationNumber': BREEDING_MESSAGES.duplicateMare,
    });
    const otherYear = await file(2026, {
      mares: [line({ ...unregistered, breedingDates: ['2025-06-01'] })],
    });
    expect(otherYear.json().fields).toEqual({
      'mares.0.breedingDates': BREEDING_MESSAGES.dateOutsideSeason(2026),
    });
    const badMethod = await file(2026, { mares: [line({ ...unregistered, method: 'magic' })] });
    expect(badMethod.statusCode).toBe(400);
    // Nothing was filed by any of these.
    const listed = await send(
      'GET',
      `members/horses/${world.stallion.id}/breeding-reports`,
      world.stallionOwner,
    );
    expect(listed.json().data.reports).toEqual([]);
  });

  it("files the season's mares: a registered mare under her approved name and owner", async () => {
    const response = await file(2026, { mares: [registered, unregistered] });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe(BREEDING_MESSAGES.filed);
    expect(await mailedSubjects()).toContainEqual(
      expect.stringContaining('2026 breeding report of Thunder Rack filed'),
    );
    const report = response.json().data;
    expect(report).toMatchObject({
      season: 2026,
      version: 1,
      status: 'filed',
      deadline: '2027-11-30',
      open: true,
      stallion: {
        horseId: world.stallion.id,
        name: 'Thunder Rack',
        registrationNumber: 'BRD-0001',
      },
    });
    expect(report.mares).toEqual([
      expect.objectContaining({
        mareHorseId: world.mare.id,
        mareRegistrationNumber: 'BRD-0002',
        mareName: 'Dixie Belle',
        mareOwnerName: expect.stringMatching(/\S/),
        breedingDates: ['2026-05-01', '2026-05-03'],
        method: 'live-cover',
        foals: 0,
      }),
      expect.objectContaining({
        mareHorseId: null,
        mareName: 'Lady Gray',
        mareOwnerName: 'Pat Jones',
        method: 'ai-cooled',
      }),
    ]);
  });

  it("is the owner of record's, and only for an approved stallion", async () => {
    const other = await file(2026, { mares: [unregistered] }, world.mareOwner);
    expect(other.statusCode).toBe(404);
    const mare = await file(2026, { mares: [unregistered] }, world.mareOwner, world.mare.id);
    expect(mare.statusCode).toBe(400);
    expect(mare.json().error).toBe(BREEDING_MESSAGES.notStallion);
    const office = await file(2026, { mares: [unregistered] }, world.admin);
    expect(office.statusCode).toBe(403);
  });
});

describe('amending a report', () => {
  it('keeps each version, the lines it kept by id, and refuses one made on an old version', async () => {
    const before = (
      await send('GET', `members/horses/${world.stallion.id}/breeding-reports`, world.stallionOwner)
    ).json().data.reports[0];
    const [dixie, lady] = before.mares;
    const amended = await file(2026, {
      version: 1,
      mares: [
        { ...registered, id: dixie.id, breedingDates: ['2026-05-01', '2026-05-03', '2026-05-05'] },
        { ...unregistered, id: lady.id },
        line({ mareName: 'Blue Moon', mareOwnerName: 'Sam Lee', method: 'ai-frozen' }),
      ],
    });
    expect(amended.statusCode).toBe(200);
    expect(amended.json().message).toBe(BREEDING_MESSAGES.amended);
    const report = amended.json().data;
    expect(report.version).toBe(2);
    expect(report.mares.map((m: { id: string }) => m.id).slice(0, 2)).toEqual([dixie.id, lady.id]);
    expect(report.mares).toHaveLength(3);

    // Another tab still holds version 1: refused, with what changed since.
    const stale = await file(2026, { version: 1, mares: [unregistered] });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error).toBe(BREEDING_MESSAGES.changedSinceRead);
    expect(stale.json().conflict.currentVersion).toBe(2);
    expect(stale.json().conflict.changes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'mares.Blue Moon', from: '' }),
        expect.objectContaining({
          field: 'mares.Dixie Belle',
          to: expect.stringContaining('2026-05-05'),
        }),
      ]),
    );
    // A second filing that does not say which version it amends is refused the same way.
    expect((await file(2026, { mares: [unregistered] })).statusCode).toBe(409);
  });

  it('refuses a line id of another report', async () => {
    const response = await file(2026, {
      version: 2,
      mares: [{ ...unregistered, id: '00000000-0000-4000-8000-000000000000' }],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({ 'mares.0.id': BREEDING_MESSAGES.lineNotInReport });
  });
});

describe('the deadline', () => {
  it("closes a season's reports once the association's deadline has passed", async () => {
    expect((await setDeadline(11, 30, 0)).statusCode).toBe(200);
    const late = await file(2026, { version: 2, mares: [unregistered] });
    expect(late.statusCode).toBe(403);
    expect(late.json().error).toBe(BREEDING_MESSAGES.deadlinePassed(2026, '2026-11-30'));
    const listed = await send(
      'GET',
      `members/horses/${world.stallion.id}/breeding-reports`,
      world.stallionOwner,
    );
    expect(listed.json().data.reports[0]).toMatchObject({ open: false, deadline: '2026-11-30' });
    expect(listed.json().data.openSeasons).toEqual([{ season: 2027, deadline: '2027-11-30' }]);
    // The deadline day itself is still open (until its end, UTC): 1 May 2027 is "today".
    expect((await setDeadline(5, 1, 1)).statusCode).toBe(200);
    const onTheDay = await send(
      'GET',
      `members/horses/${world.stallion.id}/breeding-reports`,
      world.stallionOwner,
    );
    expect(onTheDay.json().data.reports[0]).toMatchObject({ open: true, deadline: '2027-05-01' });
    expect((await setDeadline(4, 30, 1)).statusCode).toBe(200);
    expect((await file(2026, { version: 2, mares: [unregistered] })).statusCode).toBe(403);
    // A season that has not started cannot be filed at all.
    const future = await file(2028, { mares: [unregistered] });
    expect(future.statusCode).toBe(400);
    expect(future.json().error).toBe(BREEDING_MESSAGES.seasonInFuture);
    expect((await setDeadline(11, 30, 1)).statusCode).toBe(200);
  });

  it("is the office's to set, and a month without that day closes on its last day", async () => {
    const member = await send('PUT', 'admin/settings/breeding-reports', world.stallionOwner, {
      deadlineMonth: 2,
      deadlineDay: 31,
      deadlineYearOffset: 1,
    });
    expect(member.statusCode).toBe(403);
    expect((await setDeadline(2, 31, 1)).statusCode).toBe(200);
    const listed = await send(
      'GET',
      `members/horses/${world.stallion.id}/breeding-reports`,
      world.stallionOwner,
    );
    expect(listed.json().data.reports[0].deadline).toBe('2027-02-28');
    expect((await setDeadline(11, 30, 1)).statusCode).toBe(200);
    const settings = await send('GET', 'admin/settings/breeding-reports', world.admin);
    expect(settings.json().data).toEqual({
      deadlineMonth: 11,
      deadlineDay: 30,
      deadlineYearOffset: 1,
    });
  });
});

describe("the office's review", () => {
  it('lists reports by season, stallion and status', async () => {
    const all = await send(
      'GET',
      'admin/breeding-reports?season=2026&stallion=thunder',
      world.admin,
    );
    expect(all.statusCode).toBe(200);
    expect(all.json().data).toMatchObject({ total: 1 });
    expect(all.json().data.items[0]).toMatchObject({
      season: 2026,
      version: 2,
      status: 'filed',
      mares: 3,
      stallion: { name: 'Thunder Rack', registrationNumber: 'BRD-0001' },
    });
    const byNumber = await send('GET', 'admin/breeding-reports?stallion=brd-0001', world.admin);
    expect(byNumber.json().data.total).toBe(1);
    for (const query of ['season=2025', 'stallion=nobody', 'status=reviewed']) {
      const none = await send('GET', `admin/breeding-reports?${query}`, world.admin);
      expect(none.json().data.total).toBe(0);
    }
    expect((await send('GET', 'admin/breeding-reports', world.stallionOwner)).statusCode).toBe(403);
  });

  it('marks the version it read reviewed: 409 with what changed when amended since, 428 without one', async () => {
    const { id } = (await send('GET', 'admin/breeding-reports', world.admin)).json().data.items[0];
    const none = await send('PUT', `admin/breeding-reports/${id}/review`, world.admin, {});
    expect(none.statusCode).toBe(428);
    const stale = await send('PUT', `admin/breeding-reports/${id}/review`, world.admin, {
      version: 1,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error).toBe(BREEDING_MESSAGES.changedSinceReviewed);
    expect(stale.json().conflict.changes.length).toBeGreaterThan(0);

    const reviewed = await send('PUT', `admin/breeding-reports/${id}/review`, world.admin, {
      version: 2,
    });
    expect(reviewed.statusCode).toBe(200);
    expect(reviewed.json().data).toMatchObject({
      status: 'reviewed',
      reviewedVersion: 2,
      reviewedBy: expect.any(String),
    });
    const history = reviewed.json().data.history;
    expect(
      history.map((h: { action: string; version: number }) => `${h.action} ${h.version}`),
    ).toEqual(['filed 1', 'amended 2', 'reviewed 2']);
    expect(history[0].actor).toMatch(/\S/);
    expect(await mailedSubjects()).toContainEqual(
      expect.stringContaining('2026 breeding report of Thunder Rack reviewed'),
    );
    const filter = await send('GET', 'admin/breeding-reports?status=reviewed', world.admin);
    expect(filter.json().data.total).toBe(1);

    // An amendment after the review sends it back to the office as filed.
    const report = (await send('GET', `admin/breeding-reports/${id}`, world.admin)).json().data;
    const amended = await file(2026, {
      version: 2,
      mares: report.mares.slice(0, 2).map((m: Record<string, unknown>) => ({
        id: m.id,
        mareRegistrationNumber: m.mareRegistrationNumber,
        mareName: m.mareName,
        mareOwnerName: m.mareOwnerName,
        breedingDates: m.breedingDates,
        method: m.method,
      })),
    });
    expect(amended.statusCode).toBe(200);
    expect(amended.json().data).toMatchObject({ version: 3, status: 'filed', reviewedVersion: 2 });
  });
});

describe('two filings at once', () => {
  it('one files the season, the other is told the report changed (409), never two reports', async () => {
    const mares = [line({ ...unregistered, breedingDates: ['2027-04-01'] })];
    const answers = await Promise.all([file(2027, { mares }), file(2027, { mares })]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const listed = await send(
      'GET',
      `members/horses/${world.stallion.id}/breeding-reports`,
      world.stallionOwner,
    );
    const seasons = listed.json().data.reports.map((r: { season: number }) => r.season);
    expect(seasons.filter((season: number) => season === 2027)).toHaveLength(1);
  });
});
