import { describe, expect, it } from 'vitest';
import { addDays, daysBetween, findNextCelebration, listCelebratedMonthDays } from './upcoming-dates';

describe('yearly dates', () => {
  it('celebrates 29 February on 28 February in a year without one, and on the 29th in a leap year', () => {
    expect(findNextCelebration('2000-02-29', '2031-02-20')).toEqual({ date: '2031-02-28', years: 31 });
    expect(findNextCelebration('2000-02-29', '2032-02-20')).toEqual({ date: '2032-02-29', years: 32 });
    // On the 28th of a year without a 29th, the birthday is today.
    expect(findNextCelebration('2000-02-29', '2031-02-28')).toEqual({ date: '2031-02-28', years: 31 });
    // Past the 28th of 2031: the next is the 29th of 2032.
    expect(findNextCelebration('2000-02-29', '2031-03-01')).toEqual({ date: '2032-02-29', years: 32 });
  });

  it('moves to next year once this year’s day has passed, and keeps today as today', () => {
    expect(findNextCelebration('1990-03-10', '2031-03-10')).toEqual({ date: '2031-03-10', years: 41 });
    expect(findNextCelebration('1990-03-09', '2031-03-10')).toEqual({ date: '2032-03-09', years: 42 });
    expect(findNextCelebration('1990-12-31', '2031-12-31')).toEqual({ date: '2031-12-31', years: 41 });
  });

  it('lists the month-days a window covers, 29 February with 28 February of a year without one', () => {
    expect(listCelebratedMonthDays('2031-02-27', 2)).toEqual(['02-27', '02-28', '02-29']);
    expect(listCelebratedMonthDays('2031-02-27', 1)).toEqual(['02-27']);
    expect(listCelebratedMonthDays('2032-02-28', 2)).toEqual(['02-28', '02-29']);
    expect(listCelebratedMonthDays('2031-12-30', 3)).toEqual(['12-30', '12-31', '01-01']);
    expect(listCelebratedMonthDays('2031-01-01', 366)).toHaveLength(366);
  });

  it('counts days across months and years', () => {
    expect(addDays('2031-02-28', 1)).toBe('2031-03-01');
    expect(addDays('2032-02-28', 1)).toBe('2032-02-29');
    expect(daysBetween('2031-12-30', '2032-01-02')).toBe(3);
    expect(daysBetween('2031-03-10', '2031-03-10')).toBe(0);
  });
});
