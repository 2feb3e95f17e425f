import { describe, expect, it } from 'vitest';
import { formatRelativeTime, pickRelativeUnit } from './relative-time';

// Spec §9: thresholds 60 s, 60 min, 24 h, 7 days, 4 weeks, 12 months, worded with en/ru/uk plurals.

const now = new Date('2031-06-15T12:00:00.000Z');
const ago = (ms: number) => new Date(now.getTime() - ms);
const S = 1000;
const MIN = 60 * S;
const H = 60 * MIN;
const D = 24 * H;

describe('pickRelativeUnit', () => {
  it.each([
    [59 * S, null],
    [60 * S, { value: -1, unit: 'minute' }],
    [59 * MIN + 59 * S, { value: -59, unit: 'minute' }],
    [60 * MIN, { value: -1, unit: 'hour' }],
    [23 * H + 59 * MIN, { value: -23, unit: 'hour' }],
    [24 * H, { value: -1, unit: 'day' }],
    [6 * D + 23 * H, { value: -6, unit: 'day' }],
    [7 * D, { value: -1, unit: 'week' }],
    [27 * D, { value: -3, unit: 'week' }],
    [28 * D, { value: -1, unit: 'month' }],
    [364 * D, { value: -11, unit: 'month' }],
    [366 * D, { value: -1, unit: 'year' }],
    [800 * D, { value: -2, unit: 'year' }],
  ])('says %i ms ago as %o', (ms, expected) => {
    expect(pickRelativeUnit(ago(ms), now)).toEqual(expected);
  });

  it('counts forwards for the future', () => {
    expect(pickRelativeUnit(new Date(now.getTime() + 3 * D + H), now)).toEqual({ value: 3, unit: 'day' });
  });
});

describe('formatRelativeTime', () => {
  it('says "now" under a minute in each language', () => {
    expect(formatRelativeTime(ago(10 * S), now, 'en')).toBe('now');
    expect(formatRelativeTime(ago(10 * S), now, 'ru')).toBe('сейчас');
    expect(formatRelativeTime(ago(10 * S), now, 'uk')).toBe('зараз');
  });

  it('uses English plurals', () => {
    expect(formatRelativeTime(ago(MIN), now, 'en')).toBe('1 minute ago');
    expect(formatRelativeTime(ago(5 * MIN), now, 'en')).toBe('5 minutes ago');
    expect(formatRelativeTime(ago(2 * 7 * D), now, 'en')).toBe('2 weeks ago');
    expect(formatRelativeTime(new Date(now.getTime() + 2 * D), now, 'en')).toBe('in 2 days');
  });

  it('uses Russian plural forms (one, few, many)', () => {
    expect(formatRelativeTime(ago(21 * H), now, 'ru')).toBe('21 час назад');
    expect(formatRelativeTime(ago(3 * H), now, 'ru')).toBe('3 часа назад');
    expect(formatRelativeTime(ago(5 * H), now, 'ru')).toBe('5 часов назад');
  });

  it('uses Ukrainian plural forms (one, few, many)', () => {
    expect(formatRelativeTime(ago(MIN), now, 'uk')).toBe('1 хвилину тому');
    expect(formatRelativeTime(ago(2 * MIN), now, 'uk')).toBe('2 хвилини тому');
    expect(formatRelativeTime(ago(5 * MIN), now, 'uk')).toBe('5 хвилин тому');
    expect(formatRelativeTime(ago(3 * 30 * D), now, 'uk')).toBe('2 місяці тому');
  });

  it('reads ISO text and gives back what it cannot read', () => {
    expect(formatRelativeTime('2031-06-15T11:00:00.000Z', now, 'en')).toBe('1 hour ago');
    expect(formatRelativeTime('not a date', now, 'en')).toBe('not a date');
  });
});
