import { describe, expect, it, vi } from 'vitest';
import { applyServerErrors, serverFieldPath } from './server-errors';

describe('server field errors', () => {
  it('maps upload part names back to form paths', () => {
    expect(serverFieldPath('owners.1.zip')).toBe('owners.1.zip');
    expect(serverFieldPath('registryPaperwork2')).toBe('otherRegistries.2.registryPaperwork');
    expect(serverFieldPath('sireRegistrationPaperwork0')).toBe('sire.paperwork');
    expect(serverFieldPath('damRegistrationPaperwork2')).toBe('dam.grand_dam.paperwork');
  });

  it('sets errors only on fields the form shows', () => {
    const setError = vi.fn();
    const applied = applyServerErrors(
      { 'owners.1.zip': 'Bad zip', 'sire.grand_dam.paperwork': 'Bad file', fees: 'ignored' },
      setError,
      ['owners', 'sire'],
    );
    expect(applied).toEqual(['owners.1.zip', 'sire.grand_dam.paperwork']);
    expect(setError).toHaveBeenCalledWith('owners.1.zip', { type: 'server', message: 'Bad zip' });
    expect(setError).toHaveBeenCalledTimes(2);
  });
});
