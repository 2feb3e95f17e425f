import { describe, expect, it } from 'vitest';
import { formatDateTime, formatRelativeTime } from './format-time';

const now = new Date('2031-03-10T12:00:00Z');
const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000).toISOString();

describe('relative time (spec §9 thresholds: 60 s, 60 min, 24 h, 7 days, 4 weeks, 12 months)', () => {
  it.each([
    [30, 'now'],
    [59, 'now'],
    [60, '1 minute ago'],
    [59 * 60, '59 minutes ago'],
    [60 * 60, '1 hour ago'],
    [23 * 3600, '23 hours ago'],
    [24 * 3600, 'yesterday'],
    [6 * 86_400, '6 days ago'],
    [7 * 86_400, 'last week'],
    [27 * 86_400, '4 weeks ago'],
    [28 * 86_400, 'last month'],
    [200 * 86_400, '7 months ago'],
    [400 * 86_400, 'last year'],
  ])('%i seconds ago reads "%s"', (seconds, text) => {
    expect(formatRelativeTime(ago(seconds), now, 'en')).toBe(text);
  });

  it('speaks the user language', () => {
    expect(formatRelativeTime(ago(3 * 86_400), now, 'uk')).toBe('3 дні тому');
    expect(formatRelativeTime(ago(5 * 60), now, 'ru')).toBe('5 минут назад');
  });
});

describe('date and time', () => {
  it('is shown in the user time zone, falling back to the browser zone for an unknown one', () => {
    expect(formatDateTime('2031-03-10T22:30:00Z', 'en', 'Europe/Kyiv')).toBe('Mar 11, 2031, 12:30 AM');
    expect(formatDateTime('2031-03-10T22:30:00Z', 'en', 'Mars/Base')).toMatch(/2031/);
  });
});
