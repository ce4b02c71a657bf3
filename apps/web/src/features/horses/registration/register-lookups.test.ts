import { describe, expect, it } from 'vitest';
import type { Resolver } from 'react-hook-form';
import { REGISTER_RULE_MESSAGES } from '@registry/domain';
import { createAppStore } from '../../../stores/create-store';
import { withFakeTransport } from '../../../test/fake-transport';
import type { HorseFormResolver } from './form-resolver';
import type { HorseFormOutput, HorseFormValues } from './form-values';
import { RegisterLookups, withLookups } from './register-lookups';

const serve = withFakeTransport();

/** Rules that find nothing wrong: only the lookups can make the form invalid here. */
const allValid = Object.assign(
  (async (values) => ({ values, errors: {} })) as Resolver<
    HorseFormValues,
    unknown,
    HorseFormOutput
  >,
  { load: async () => undefined },
) as HorseFormResolver;

const values = (extra: Partial<HorseFormValues>) => extra as HorseFormValues;
const owner = (memberNum: string, name: string) =>
  ({ memberNum, name }) as HorseFormValues['owners'][number];

describe('RegisterLookups', () => {
  it('turns what the server said into field errors that make the form invalid', async () => {
    const lookups = new RegisterLookups();
    const resolve = withLookups(allValid, lookups);
    const form = values({
      firstChoice: 'copper  RACK',
      secondChoice: 'Night Owl',
      owners: [owner('m-0002', 'casey jones'), owner('M-0001', 'Avery Walker')],
    });
    const options = { fields: {}, shouldUseNativeValidation: false } as never;
    expect((await resolve(form, undefined, options)).errors).toEqual({});

    lookups.noteNames([
      { name: 'Copper Rack', taken: true },
      { name: 'Night Owl', taken: false },
    ]);
    lookups.noteOwner({ memberNum: 'M-0002', name: 'Casey Jones' }, 'no-match');
    lookups.noteOwner({ memberNum: 'M-0001', name: 'Avery Walker' }, 'match');
    const result = await resolve(form, undefined, options);
    expect(result.values).toEqual({});
    expect(result.errors).toMatchObject({
      firstChoice: { message: REGISTER_RULE_MESSAGES.nameChoiceTaken('copper  RACK') },
      owners: [{ memberNum: { message: REGISTER_RULE_MESSAGES.ownerNameMismatch } }],
    });
    expect(result.errors).not.toHaveProperty('secondChoice');
    expect((result.errors.owners as unknown[])[1]).toBeUndefined();
  });

  it('at Save asks only what was not asked yet, and says which fields are in trouble', async () => {
    const requests = serve((request) => {
      if (request.url.startsWith('horse-names/availability')) {
        const names = new URLSearchParams(request.url.split('?')[1]).getAll('names');
        const data = names.map((name) => ({ name, taken: name === 'Copper Rack' }));
        return { status: 200, data: { success: true, data } };
      }
      if (request.url === 'owners/member-check') {
        return { status: 200, data: { success: true, data: { result: 'unknown' } } };
      }
      return { status: 404, data: { success: false, error: 'Not found' } };
    });
    const store = createAppStore();
    const lookups = new RegisterLookups();
    lookups.noteNames([{ name: 'Night Owl', taken: false }]);
    const form = values({
      firstChoice: 'Night Owl',
      secondChoice: 'Copper Rack',
      thirdChoice: '',
      owners: [owner('M-9999', 'Pat Doe')],
    });
    expect(await lookups.settle(store.dispatch, form)).toEqual([
      'secondChoice',
      'owners.0.memberNum',
    ]);
    expect(requests.map((r) => r.url)).toEqual([
      'horse-names/availability?names=Copper%20Rack',
      'owners/member-check',
    ]);
    // Asked once: a second Save finds the answers already heard.
    expect(await lookups.settle(store.dispatch, form)).toHaveLength(2);
    expect(requests).toHaveLength(2);
  });

  it('a lookup without an answer does not stop Save: the server decides', async () => {
    serve(() => ({ status: 429, data: { success: false, error: 'Too many requests' } }));
    const store = createAppStore();
    const lookups = new RegisterLookups();
    const form = values({ firstChoice: 'Copper Rack', owners: [owner('M-0002', 'Pat Doe')] });
    expect(await lookups.settle(store.dispatch, form)).toEqual([]);
  });
});
