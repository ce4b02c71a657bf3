import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PEDIGREE_MESSAGES } from '@registry/domain';
import type { HorseRow } from '../../db/schema.js';
import { MEMBER_A, bearer, createTestApp, login, type TestApp } from '../../test/harness.js';
import { cloneHorses, registerThroughApi } from '../../test/admin-fixtures.js';

let t: TestApp;
let member: string;
let template: HorseRow;
let sire: HorseRow | undefined;
const ancestor = (name: string, reg = '') => ({ name, reg, otherRegName: '', otherRegNum: '' });

beforeAll(async () => {
  t = await createTestApp();
  member = await login(t.app, MEMBER_A);
  template = await registerThroughApi(t.app, t.database.db, member);
  const details = structuredClone(template.details);
  details.sire = {
    ...ancestor('Old Gold', 'PED-0001'),
    grand_sire: ancestor('Gold Rush'),
    grand_dam: ancestor('Gold Dust'),
    great_grand_sire: ancestor('Ignored Sire'),
    great_grand_dam: ancestor('Ignored Dam'),
  };
  details.dam = {
    ...ancestor('Silver Belle'),
    grand_sire: ancestor('Silver King'),
    grand_dam: ancestor('Silver Queen'),
    great_grand_sire: ancestor('Also Ignored'),
    great_grand_dam: ancestor('Also Ignored'),
  };
  [sire] = await cloneHorses(t.database.db, template, 1, {
    approvalStatus: 'approved',
    approvedName: 'Pedigree Star',
    registrationNumber: 'PED-0100',
    sireName: 'Old Gold',
    damName: 'Silver Belle',
    details,
  });
  // A pending horse with a number of its own is not (yet) in the register.
  await cloneHorses(t.database.db, template, 1, {
    approvalStatus: 'pending',
    registrationNumber: 'PED-0101',
  });
});
afterAll(() => t.close());

const get = (url: string, token: string | null = member) =>
  t.app.inject({ method: 'GET', url: `/api/${url}`, headers: token ? bearer(token) : {} });

describe('GET pedigree/:registrationNumber', () => {
  it('answers the registered horse and the line it brings, whatever the case and spaces', async () => {
    const response = await get('pedigree/%20ped-0100%20');
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({
      horseId: sire!.id,
      registrationNumber: 'PED-0100',
      name: 'Pedigree Star',
      grand_sire: ancestor('Old Gold', 'PED-0001'),
      grand_dam: ancestor('Silver Belle'),
      // The sire's sire beside the grand sire, the dam's dam beside the grand dam.
      great_grand_sire: ancestor('Gold Rush'),
      great_grand_dam: ancestor('Silver Queen'),
    });
  });

  it('is 404 for a number no approved horse carries (unknown or still pending)', async () => {
    for (const number of ['PED-9999', 'PED-0101']) {
      const response = await get(`pedigree/${number}`);
      expect(response.statusCode).toBe(404);
      expect(response.json().error).toBe(PEDIGREE_MESSAGES.notRegistered);
    }
  });

  it('needs a session', async () => {
    expect((await get('pedigree/PED-0100', null)).statusCode).toBe(401);
  });
});

describe('GET pedigree/registered', () => {
  it('lists which numbers are approved horses of the register', async () => {
    const response = await get(
      'pedigree/registered?numbers=PED-0100&numbers=ped-0101&numbers=PED-9999&numbers=ped-0100',
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual([
      { horseId: sire!.id, registrationNumber: 'PED-0100', name: 'Pedigree Star' },
    ]);
  });

  it('refuses no numbers or more than 20 with a 400', async () => {
    expect((await get('pedigree/registered')).statusCode).toBe(400);
    const many = Array.from({ length: 21 }, (_, i) => `numbers=N-${i}`).join('&');
    expect((await get(`pedigree/registered?${many}`)).statusCode).toBe(400);
  });
});
