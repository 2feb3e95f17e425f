import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  countSpan,
  countSpanByYear,
  type DayCalendar,
  type DaySpan,
  doSpansOverlap,
  fromDayNumber,
  isCountedDay,
  isoWeekday,
  prorateAllowance,
  roundToStep,
  toDayNumber,
  todayIn,
} from './day-count';

// Properties of the day-counting engine over random calendars, holidays, half days and year
// boundaries (docs/decisions/018-absence-ledger.md), then a few worked examples.

const FIRST_DAY = toDayNumber('2024-10-01');
const LAST_DAY = toDayNumber('2027-03-31');

const dayArb = fc.integer({ min: FIRST_DAY, max: LAST_DAY });
const countingArb = fc.constantFrom('working_days' as const, 'calendar_days' as const);

const calendarArb: fc.Arbitrary<DayCalendar> = fc
  .record({
    weekdays: fc.subarray([1, 2, 3, 4, 5, 6, 7], { minLength: 1 }),
    daysOff: fc.array(dayArb, { maxLength: 60 }),
    extra: fc.array(dayArb, { maxLength: 10 }),
  })
  .map(({ weekdays, daysOff, extra }) => ({
    workingWeekdays: new Set(weekdays),
    daysOff: new Set(daysOff.map(fromDayNumber)),
    extraWorkingDays: new Set(extra.map(fromDayNumber)),
  }));

const spanArb: fc.Arbitrary<DaySpan> = fc
  .record({
    from: dayArb,
    length: fc.integer({ min: 0, max: 120 }),
    halfDayStart: fc.boolean(),
    halfDayEnd: fc.boolean(),
  })
  .map(({ from, length, halfDayStart, halfDayEnd }) => ({
    dateFrom: fromDayNumber(from),
    dateTo: fromDayNumber(Math.min(from + length, LAST_DAY)),
    halfDayStart,
    halfDayEnd,
  }));

/** What each day of a span contributes, day by day (the reference the engine must agree with). */
function perDay(calendar: DayCalendar, span: DaySpan, counting: 'working_days' | 'calendar_days') {
  const first = toDayNumber(span.dateFrom);
  const last = toDayNumber(span.dateTo);
  const days = new Map<string, number>();
  for (let day = first; day <= last; day += 1) {
    if (!isCountedDay(calendar, day, counting)) continue;
    let cover = 100;
    if (day === first && span.halfDayStart) cover -= 50;
    if (day === last && span.halfDayEnd) cover -= 50;
    if (cover > 0) days.set(fromDayNumber(day), cover);
  }
  return days;
}

describe('day counting properties', () => {
  it('never deducts a holiday or company day off', () => {
    fc.assert(
      fc.property(calendarArb, spanArb, countingArb, (calendar, span, counting) => {
        for (const date of perDay(calendar, span, counting).keys())
          expect(calendar.daysOff.has(date)).toBe(false);
        // Adding every day of the span as a day off leaves nothing to count.
        const allOff = new Set<string>();
        for (let d = toDayNumber(span.dateFrom); d <= toDayNumber(span.dateTo); d += 1)
          allOff.add(fromDayNumber(d));
        expect(countSpan({ ...calendar, daysOff: allOff }, span, counting)).toBe(0);
      }),
    );
  });

  it('counts no day twice: a span split at any day sums to the whole', () => {
    fc.assert(
      fc.property(calendarArb, spanArb, countingArb, fc.nat(), (calendar, span, counting, cut) => {
        const first = toDayNumber(span.dateFrom);
        const last = toDayNumber(span.dateTo);
        fc.pre(last > first);
        const middle = first + (cut % (last - first));
        const left = { ...span, dateTo: fromDayNumber(middle), halfDayEnd: false };
        const right = { ...span, dateFrom: fromDayNumber(middle + 1), halfDayStart: false };
        expect(countSpan(calendar, left, counting) + countSpan(calendar, right, counting)).toBe(
          countSpan(calendar, span, counting),
        );
        // No day counts more than a whole day.
        for (const cover of perDay(calendar, span, counting).values()) expect(cover).toBeLessThanOrEqual(100);
      }),
    );
  });

  it('splits a span over the year boundary into periods that sum to the whole', () => {
    fc.assert(
      fc.property(calendarArb, spanArb, countingArb, (calendar, span, counting) => {
        const byYear = countSpanByYear(calendar, span, counting);
        const sum = [...byYear.values()].reduce((a, b) => a + b, 0);
        expect(sum).toBe(countSpan(calendar, span, counting));
        const reference = perDay(calendar, span, counting);
        for (const [year, amount] of byYear) {
          const expected = [...reference]
            .filter(([date]) => date.startsWith(`${year}-`))
            .reduce((a, [, c]) => a + c, 0);
          expect(amount).toBe(expected);
        }
      }),
    );
  });

  it('does not count an empty span (one day from midday to midday) as overlapping anything', () => {
    const empty = { dateFrom: '2025-03-03', dateTo: '2025-03-03', halfDayStart: true, halfDayEnd: true };
    const wholeDay = { dateFrom: '2025-03-03', dateTo: '2025-03-03', halfDayStart: false, halfDayEnd: false };
    expect(doSpansOverlap(empty, wholeDay)).toBe(false);
    expect(doSpansOverlap(wholeDay, empty)).toBe(false);
  });

  it('treats overlap symmetrically, and as sharing at least one half day', () => {
    fc.assert(
      fc.property(spanArb, spanArb, (a, b) => {
        expect(doSpansOverlap(a, b)).toBe(doSpansOverlap(b, a));
        const halves = (s: DaySpan) => {
          const set = new Set<number>();
          for (let d = toDayNumber(s.dateFrom); d <= toDayNumber(s.dateTo); d += 1) {
            if (!(d === toDayNumber(s.dateFrom) && s.halfDayStart)) set.add(d * 2);
            if (!(d === toDayNumber(s.dateTo) && s.halfDayEnd)) set.add(d * 2 + 1);
          }
          return set;
        };
        const shared = [...halves(a)].some((half) => halves(b).has(half));
        expect(doSpansOverlap(a, b)).toBe(shared);
      }),
    );
  });

  it('pro-rates by rounding to the step, never beyond the allowance', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 6000 }),
        dayArb,
        fc.constantFrom(25, 50, 100),
        (allowance, start, step) => {
          const year = 2025;
          const result = prorateAllowance({
            allowanceHundredths: allowance,
            year,
            startOfWork: fromDayNumber(start),
            endOfWork: null,
            stepHundredths: step,
          });
          expect(result).toBeGreaterThanOrEqual(0);
          expect(result).toBeLessThanOrEqual(allowance + step / 2);
          expect(result % step === 0 || result === allowance).toBe(true);
        },
      ),
    );
  });
});

describe('day counting examples', () => {
  const week: DayCalendar = { workingWeekdays: new Set([1, 2, 3, 4, 5]), daysOff: new Set(['2025-12-25']) };

  it('knows the weekday of a plain date', () => {
    expect(isoWeekday(toDayNumber('2025-12-29'))).toBe(1);
    expect(isoWeekday(toDayNumber('2026-01-04'))).toBe(7);
  });

  it('counts a vacation over a holiday with a half day at the end', () => {
    // Mon 22 – Fri 26 Dec 2025, Christmas off, Friday morning only: 3.5 days.
    const span = { dateFrom: '2025-12-22', dateTo: '2025-12-26', halfDayStart: false, halfDayEnd: true };
    expect(countSpan(week, span, 'working_days')).toBe(350);
  });

  it('splits a span over New Year into both periods', () => {
    const span = { dateFrom: '2025-12-29', dateTo: '2026-01-02', halfDayStart: false, halfDayEnd: false };
    expect(Object.fromEntries(countSpanByYear(week, span, 'working_days'))).toEqual({ 2025: 300, 2026: 200 });
  });

  it('lets two halves of one day coexist', () => {
    const morning = { dateFrom: '2026-03-02', dateTo: '2026-03-02', halfDayStart: false, halfDayEnd: true };
    const afternoon = { dateFrom: '2026-03-02', dateTo: '2026-03-02', halfDayStart: true, halfDayEnd: false };
    expect(doSpansOverlap(morning, afternoon)).toBe(false);
    expect(doSpansOverlap(morning, { ...afternoon, halfDayStart: false })).toBe(true);
  });

  it('rounds pro-rating half up, not up', () => {
    expect(roundToStep(1024, 50)).toBe(1000);
    expect(roundToStep(1025, 50)).toBe(1050);
    // 20 days for a start on 1 July 2025: 184/365 × 20 = 10.08 → 10.
    expect(
      prorateAllowance({
        allowanceHundredths: 2000,
        year: 2025,
        startOfWork: '2025-07-01',
        endOfWork: null,
        stepHundredths: 50,
      }),
    ).toBe(1000);
  });

  it('reads today in the calendar’s time zone', () => {
    const instant = new Date('2025-12-31T23:30:00Z');
    expect(todayIn('UTC', instant)).toBe('2025-12-31');
    expect(todayIn('Europe/Kyiv', instant)).toBe('2026-01-01');
    expect(todayIn('America/New_York', instant)).toBe('2025-12-31');
  });
});
