import { describe, expect, it } from 'vitest';
import { addMonths, clampDate, getMondayBasedWeekday, getMonthGrid, getWeekdayNames } from './calendar-dates';

describe('getMonthGrid', () => {
  it('lays out six weeks starting on the Monday on or before the 1st', () => {
    const grid = getMonthGrid({ year: 2025, month: 6 });
    expect(grid).toHaveLength(6);
    // 1 June 2025 was a Sunday.
    expect(grid[0]).toEqual([
      '2025-05-26',
      '2025-05-27',
      '2025-05-28',
      '2025-05-29',
      '2025-05-30',
      '2025-05-31',
      '2025-06-01',
    ]);
    expect(grid[5]?.[6]).toBe('2025-07-06');
  });

  it('starts on the 1st itself when the month begins on a Monday', () => {
    expect(getMonthGrid({ year: 2024, month: 1 })[0]?.[0]).toBe('2024-01-01');
  });
});

describe('day arithmetic', () => {
  it('knows Monday as the first weekday', () => {
    expect(getMondayBasedWeekday('2024-01-01')).toBe(0);
    expect(getMondayBasedWeekday('2024-01-07')).toBe(6);
  });

  it('moves by months keeping the day when it exists, else the last day', () => {
    expect(addMonths('2024-01-31', 1)).toBe('2024-02-29');
    expect(addMonths('2024-03-15', -14)).toBe('2023-01-15');
  });

  it('clamps into the bounds', () => {
    expect(clampDate('2030-01-01', null, '2025-05-14')).toBe('2025-05-14');
    expect(clampDate('1990-01-01', '2000-01-01', null)).toBe('2000-01-01');
  });

  it('names the weekdays from Monday in the page language', () => {
    expect(getWeekdayNames('en', 'short')[0]).toBe('Mon');
    expect(getWeekdayNames('uk', 'long')[6]).toBe('неділя');
  });
});
