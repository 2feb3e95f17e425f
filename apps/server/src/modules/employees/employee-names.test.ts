import { describe, expect, it } from 'vitest';
import { formatFullName, splitFullName } from './employee-names';

describe('employee names', () => {
  it('splits an account name at its last word, and keeps a single name as the first name', () => {
    expect(splitFullName('Demo Owner')).toEqual({ firstName: 'Demo', lastName: 'Owner' });
    expect(splitFullName('  Anna Maria  de Vries ')).toEqual({
      firstName: 'Anna Maria de',
      lastName: 'Vries',
    });
    expect(splitFullName('Madonna')).toEqual({ firstName: 'Madonna', lastName: '' });
  });

  it('formats first, middle and last names, leaving out the empty ones', () => {
    expect(formatFullName({ firstName: 'Taras', middleName: 'Hryhorovych', lastName: 'Shevchenko' })).toBe(
      'Taras Hryhorovych Shevchenko',
    );
    expect(formatFullName({ firstName: 'Madonna', lastName: '', middleName: null })).toBe('Madonna');
  });
});
