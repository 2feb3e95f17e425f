import { describe, expect, it } from 'vitest';
import { getDropdownPlacement } from './dropdown-placement';

describe('getDropdownPlacement', () => {
  it('opens downward while at least 3 fields remain below', () => {
    expect(getDropdownPlacement(0, 10)).toBe('bottom-start');
    expect(getDropdownPlacement(6, 10)).toBe('bottom-start');
  });

  it('opens upward when fewer than 3 fields remain below', () => {
    expect(getDropdownPlacement(7, 10)).toBe('top-start');
    expect(getDropdownPlacement(9, 10)).toBe('top-start');
    expect(getDropdownPlacement(0, 1)).toBe('top-start');
  });
});
