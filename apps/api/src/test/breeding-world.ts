import { vi } from 'vitest';
import type { HorseRow } from '../db/schema.js';
import { cloneHorses, registerThroughApi } from './admin-fixtures.js';
import {
  ADMIN,
  MEMBER_A,
  MEMBER_B,
  bearer,
  createTestApp,
  login,
  type TestApp,
} from './harness.js';

/*
 * The breeding suites' world: "today" is 1 May 2027 (only Date is faked; timers run), member A
 * owns the approved stallion Thunder Rack, member B the approved mare Dixie Belle; a pending
 * mare and an approved gelding are there to be refused.
 */

export const TODAY = '2027-05-01T12:00:00Z';

export interface BreedingWorld {
  t: TestApp;
  admin: string;
  stallionOwner: string;
  mareOwner: string;
  stallion: HorseRow;
  mare: HorseRow;
  pendingMare: HorseRow;
  gelding: HorseRow;
}

export async function breedingWorld(): Promise<BreedingWorld> {
  vi.useFakeTimers({ toFake: ['Date'], now: new Date(TODAY) });
  const t = await createTestApp();
  const [admin, stallionOwner, mareOwner] = await Promise.all([
    login(t.app, ADMIN, 'admin'),
    login(t.app, MEMBER_A),
    login(t.app, MEMBER_B),
  ]);
  const db = t.database.db;
  const template = await registerThroughApi(t.app, db, stallionOwner);
  const mareTemplate = await registerThroughApi(t.app, db, mareOwner);
  const [stallion] = await cloneHorses(db, template, 1, {
    approvalStatus: 'approved',
    approvedName: 'Thunder Rack',
    registrationNumber: 'BRD-0001',
    sex: 'Stallion',
  });
  const details = structuredClone(mareTemplate.details);
  details.sire = { ...details.sire, name: 'Old Gold', reg: '' };
  const [mare] = await cloneHorses(db, mareTemplate, 1, {
    approvalStatus: 'approved',
    approvedName: 'Dixie Belle',
    registrationNumber: 'BRD-0002',
    sex: 'Mare',
    sireName: 'Old Gold',
    details,
  });
  const [pendingMare] = await cloneHorses(db, mareTemplate, 1, {
    approvalStatus: 'pending',
    registrationNumber: 'BRD-0003',
    sex: 'Mare',
  });
  const [gelding] = await cloneHorses(db, mareTemplate, 1, {
    approvalStatus: 'approved',
    approvedName: 'Steady Eddie',
    registrationNumber: 'BRD-0004',
    sex: 'Gelding',
  });
  if (!stallion || !mare || !pendingMare || !gelding) throw new Error('fixtures missing');
  return { t, admin, stallionOwner, mareOwner, stallion, mare, pendingMare, gelding };
}

export function closeWorld(world: BreedingWorld | undefined) {
  vi.useRealTimers();
  return world?.t.close();
}

export function requests(world: () => BreedingWorld) {
  const send = (method: 'GET' | 'PUT', url: string, token: string, payload?: unknown) =>
    world().t.app.inject({
      method,
      url: `/api/${url}`,
      headers: bearer(token),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  return {
    send,
    file: (season: number, body: unknown, token = world().stallionOwner, horseId?: string) =>
      send(
        'PUT',
        `members/horses/${horseId ?? world().stallion.id}/breeding-reports/${season}`,
        token,
        body,
      ),
    setDeadline: (deadlineMonth: number, deadlineDay: number, deadlineYearOffset: 0 | 1) =>
      send('PUT', 'admin/settings/breeding-reports', world().admin, {
        deadlineMonth,
        deadlineDay,
        deadlineYearOffset,
      }),
  };
}

export const line = (overrides: Record<string, unknown> = {}) => ({
  mareRegistrationNumber: '',
  mareName: '',
  mareOwnerName: '',
  breedingDates: ['2026-05-01'],
  method: 'live-cover',
  ...overrides,
});
