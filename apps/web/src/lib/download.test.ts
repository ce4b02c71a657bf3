import { describe, expect, it } from 'vitest';
import { fileNameFrom } from './download';

describe('fileNameFrom', () => {
  it('keeps a % in a quoted file name as written', () => {
    expect(fileNameFrom('attachment; filename="100% sure.csv"', 'x.csv')).toBe('100% sure.csv');
    expect(fileNameFrom('attachment; filename="a%ZZb.pdf"', 'x.pdf')).toBe('a%ZZb.pdf');
  });

  it('prefers the encoded UTF-8 name and decodes its escapes, %25 included', () => {
    expect(
      fileNameFrom(
        `attachment; filename="cafe 100%.csv"; filename*=UTF-8''caf%C3%A9%20100%25.csv`,
        'x.csv',
      ),
    ).toBe('café 100%.csv');
  });

  it('falls back when there is no header, no name or a name that cannot be decoded', () => {
    expect(fileNameFrom(undefined, 'horses.csv')).toBe('horses.csv');
    expect(fileNameFrom('attachment', 'horses.csv')).toBe('horses.csv');
    expect(fileNameFrom(`attachment; filename*=UTF-8''bad%ZZ.csv`, 'horses.csv')).toBe(
      'horses.csv',
    );
    expect(fileNameFrom('attachment; filename="unclosed', 'horses.csv')).toBe('horses.csv');
  });
});
