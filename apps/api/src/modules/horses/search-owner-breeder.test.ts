import { beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../../test/harness.js';
import { registerThroughApi } from '../../test/admin-fixtures.js';
import { horseLike } from '../../test/lineage-fixtures.js';
import { demoMemberIds, signedInSuite } from '../../test/signed-in-app.js';

const suite = signedInSuite(['admin', 'memberA', 'memberB']);

beforeAll(async () => {
  const { t } = suite;
  const [, b] = await demoMemberIds(t.database.db);
  const template = await registerThroughApi(t.app, t.database.db, suite.memberA);
  const like = (spec: Parameters<typeof horseLike>[2]) => horseLike(t.database.db, template, spec);
  await like({
    name: 'Search Copper',
    number: 'SRC-1',
    owners: ['Rosalind Quist', 'Ed Bramble'],
    bredBy: 'Hollow Creek Farm',
  });
  await like({
    name: 'Search Ember',
    number: 'SRC-2',
    owners: ['Ed Bramble'],
    bredBy: 'Quist Acres',
  });
  // Member B owns this one of record; its recorded owner is typed differently.
  await like({
    name: 'Search Flint',
    number: 'SRC-3',
    ownerId: b,
    owners: ['Someone Else'],
    bredBy: 'Hollow Creek Farm',
  });
  // Not approved: the registry search never shows it, the office list does.
  await like({
    name: 'Search Pending',
    number: 'SRC-4',
    status: 'pending',
    owners: ['Rosalind Quist'],
    bredBy: 'Hollow Creek Farm',
  });
});

async function names(url: string, token: string) {
  const response = await suite.t.app.inject({
    method: 'GET',
    url: `/api/${url}`,
    headers: bearer(token),
  });
  expect(response.statusCode, response.body).toBe(200);
  return (
    response.json().data.items as Array<{ approvedName: string | null; firstChoice?: string }>
  )
    .map((h) => h.approvedName ?? h.firstChoice)
    .sort();
}

describe('the registry search (members)', () => {
  it("finds approved horses by a recorded owner's name and by breeder", async () => {
    expect(await names('auth/horses/search?owner=QUIST', suite.memberB)).toEqual(['Search Copper']);
    expect(await names('auth/horses/search?owner=bramble', suite.memberB)).toEqual([
      'Search Copper',
      'Search Ember',
    ]);
    expect(await names('auth/horses/search?breeder=hollow%20creek', suite.memberB)).toEqual([
      'Search Copper',
      'Search Flint',
    ]);
    // Both fields together narrow the search; the name search still applies.
    expect(await names('auth/horses/search?owner=bramble&breeder=quist', suite.memberB)).toEqual([
      'Search Ember',
    ]);
    expect(await names('auth/horses/search?owner=bramble&q=copper', suite.memberB)).toEqual([
      'Search Copper',
    ]);
  });

  it("matches only owners' names, not their addresses or the account behind them", async () => {
    expect(await names('auth/horses/search?owner=example.org', suite.memberB)).toEqual([]);
    expect(await names('auth/horses/search?owner=%25', suite.memberB)).toEqual([]);
  });
});

describe('the office Horse List', () => {
  it('finds horses by owner (of record or recorded) and by breeder, any status', async () => {
    expect(await names('admin/horses?owner=quist', suite.admin)).toEqual([
      'Search Copper',
      'Search Pending',
    ]);
    expect(await names('admin/horses?breeder=HOLLOW&approvalStatus=approved', suite.admin)).toEqual(
      ['Search Copper', 'Search Flint'],
    );
    // The owner of record (member B, by email) finds the horse whose typed owner differs.
    const ofRecord = await names(
      'admin/horses?owner=member2%40example&breeder=hollow',
      suite.admin,
    );
    expect(ofRecord).toEqual(['Search Flint']);
  });
});
