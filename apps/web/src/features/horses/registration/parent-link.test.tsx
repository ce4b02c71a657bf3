import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PEDIGREE_MESSAGES } from '@registry/domain';
import { serveSignedInMember } from '../../../test/signed-in-member';
import { renderModal } from './render-modal';

vi.setConfig({ testTimeout: 30_000 });
const serve = serveSignedInMember();

const person = (name: string, reg = '') => ({ name, reg, otherRegName: '', otherRegNum: '' });
const fill = {
  horseId: 'h9',
  registrationNumber: 'GHR-2026-00001',
  name: 'Easy Rack',
  grand_sire: person('Old Gold', 'GHR-2020-00007'),
  grand_dam: person('Silver Belle'),
  great_grand_sire: person('Gold Rush'),
  great_grand_dam: person('Silver Queen'),
};

const pedigree = () => screen.getByRole('region', { name: 'Pedigree' });
const group = (name: string) => within(pedigree()).getByRole('group', { name });

describe('Registration form: a sire or dam from the register', () => {
  it('links a registered number and fills the empty ancestors from its record', async () => {
    serve((request) =>
      request.url === 'pedigree/GHR-2026-00001'
        ? { status: 200, data: { success: true, data: fill } }
        : { status: 404, data: { success: false, error: 'Not found' } },
    );
    const user = userEvent.setup();
    renderModal();
    const grandDamName = within(group("Sire's Grand Dam")).getByLabelText('Name');
    await user.type(grandDamName, 'Typed By Owner');
    await user.type(within(group('Sire')).getByLabelText('Registration Number'), 'ghr-2026-00001');
    expect(
      await within(group('Sire')).findByText(
        new RegExp(
          PEDIGREE_MESSAGES.linked('GHR-2026-00001', 'Easy Rack').replace(/[()]/g, '\\$&'),
        ),
        {},
        { timeout: 5000 },
      ),
    ).toBeInTheDocument();
    expect(within(group('Sire')).getByLabelText('Name')).toHaveValue('Easy Rack');
    const grandSire = group("Sire's Grand Sire");
    expect(within(grandSire).getByLabelText('Name')).toHaveValue('Old Gold');
    expect(within(grandSire).getByLabelText('Registration Number')).toHaveValue('GHR-2020-00007');
    expect(within(group("Sire's Great-Grand Dam")).getByLabelText('Name')).toHaveValue(
      'Silver Queen',
    );
    // What the owner typed stays.
    expect(grandDamName).toHaveValue('Typed By Owner');
  });

  it('keeps a number the register does not know, saying the office checks it', async () => {
    serve(() => ({ status: 404, data: { success: false, error: 'Not found' } }));
    const user = userEvent.setup();
    renderModal();
    await user.click(within(pedigree()).getByRole('tab', { name: 'Dam' }));
    const reg = within(group('Dam')).getByLabelText('Registration Number');
    await user.type(reg, 'XYZ-123');
    expect(
      await within(group('Dam')).findByText(PEDIGREE_MESSAGES.notFoundHint, {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(reg).toHaveValue('XYZ-123');
    expect(within(group("Dam's Grand Sire")).getByLabelText('Name')).toHaveValue('');
  });
});
