import { type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import {
  addDays,
  addMonths,
  clampDate,
  formatFullDate,
  formatMonthYear,
  formatYearMonth,
  getDateFieldName,
  getMondayBasedWeekday,
  getMonthGrid,
  getMonthNames,
  getWeekdayNames,
  getYearMonth,
} from './calendar-dates';

export type CalendarProps = {
  /** The chosen day 'YYYY-MM-DD', or '' for none. */
  value: string;
  /** Today, 'YYYY-MM-DD': marked in the grid and the starting month when nothing is chosen. */
  today: string;
  /** Earliest and latest selectable days (inclusive); null for no bound. */
  min: string | null;
  max: string | null;
  /** Years offered by the year select. */
  years: readonly number[];
  locale: string;
  onSelect: (iso: string) => void;
};

const MOVES: Record<string, (iso: string, shift: boolean) => string> = {
  ArrowLeft: (iso) => addDays(iso, -1),
  ArrowRight: (iso) => addDays(iso, 1),
  ArrowUp: (iso) => addDays(iso, -7),
  ArrowDown: (iso) => addDays(iso, 7),
  Home: (iso) => addDays(iso, -getMondayBasedWeekday(iso)),
  End: (iso) => addDays(iso, 6 - getMondayBasedWeekday(iso)),
  PageUp: (iso, shift) => addMonths(iso, shift ? -12 : -1),
  PageDown: (iso, shift) => addMonths(iso, shift ? 12 : 1),
};

/**
 * A month grid whose week starts on Monday (spec §9), keyboard-driven like the WAI-ARIA date picker:
 * one tab stop in the grid, arrows move by day and week, Home/End to the week's ends, Page Up/Down by
 * month (with Shift by year), Enter or Space chooses. Month and year selects jump far (a birthdate).
 * It takes focus when it mounts, on the chosen day or else today.
 */
export function Calendar({ value, today, min, max, years, locale, onSelect }: CalendarProps) {
  const [focused, setFocused] = useState(() => clampDate(value || today, min, max));
  const shouldFocusCell = useRef(true);
  const gridRef = useRef<HTMLTableElement>(null);
  const titleId = useId();
  const view = getYearMonth(focused);
  const { year, month } = view;
  const weeks = useMemo(() => getMonthGrid({ year, month }), [year, month]);
  const weekdaysShort = useMemo(() => getWeekdayNames(locale, 'short'), [locale]);
  const weekdaysLong = useMemo(() => getWeekdayNames(locale, 'long'), [locale]);
  const monthNames = useMemo(() => getMonthNames(locale), [locale]);

  useEffect(() => {
    if (!shouldFocusCell.current) return;
    shouldFocusCell.current = false;
    // Without preventScroll the page would jump: on its first render the popover is not placed yet.
    gridRef.current?.querySelector<HTMLElement>(`[data-date="${focused}"]`)?.focus({ preventScroll: true });
  }, [focused]);

  const isSelectable = (iso: string) => (min === null || iso >= min) && (max === null || iso <= max);
  const moveTo = (iso: string, focusCell: boolean) => {
    shouldFocusCell.current = focusCell;
    setFocused(clampDate(iso, min, max));
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const move = MOVES[event.key];
    if (move) {
      event.preventDefault();
      moveTo(move(focused, event.shiftKey), true);
      return;
    }
    if ((event.key === 'Enter' || event.key === ' ') && isSelectable(focused)) {
      event.preventDefault();
      onSelect(focused);
    }
  };

  const previous = getYearMonth(addMonths(formatYearMonth(view), -1));
  const next = getYearMonth(addMonths(formatYearMonth(view), 1));
  const canGoBack = min === null || formatYearMonth(view) > min;
  const canGoForward = max === null || formatYearMonth(next) <= max;

  return (
    <div className="calendar">
      <div className="calendar__header">
        <button
          type="button"
          className="calendar__nav"
          aria-label={formatMonthYear(previous, locale)}
          disabled={!canGoBack}
          onClick={() => moveTo(addMonths(focused, -1), false)}
        >
          <span aria-hidden="true">‹</span>
        </button>
        <select
          className="calendar__select"
          aria-label={getDateFieldName(locale, 'month')}
          value={view.month}
          onChange={(event) =>
            moveTo(addMonths(focused, Number(event.currentTarget.value) - view.month), false)
          }
        >
          {monthNames.map((name, index) => (
            <option key={name} value={index + 1}>
              {name}
            </option>
          ))}
        </select>
        <select
          className="calendar__select calendar__select--year"
          aria-label={getDateFieldName(locale, 'year')}
          value={view.year}
          onChange={(event) =>
            moveTo(addMonths(focused, (Number(event.currentTarget.value) - view.year) * 12), false)
          }
        >
          {(years.includes(view.year) ? years : [...years, view.year].sort((a, b) => a - b)).map((year) => (
            <option key={year} value={year}>
              {year}
            </option>
          ))}
        </select>
        <button
          type="button"
          className="calendar__nav"
          aria-label={formatMonthYear(next, locale)}
          disabled={!canGoForward}
          onClick={() => moveTo(addMonths(focused, 1), false)}
        >
          <span aria-hidden="true">›</span>
        </button>
      </div>
      <p className="visually-hidden" id={titleId} aria-live="polite">
        {formatMonthYear(view, locale)}
      </p>
      {/* A plain table of day buttons with one tab stop; arrow keys move between days (handleKeyDown). */}
      <table className="calendar__grid" aria-labelledby={titleId} ref={gridRef}>
        <thead>
          <tr>
            {weekdaysShort.map((name, index) => (
              <th key={name} className="calendar__weekday" scope="col" abbr={weekdaysLong[index]}>
                {name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week[0]}>
              {week.map((iso) => {
                if (getYearMonth(iso).month !== view.month) return <td key={iso} />;
                const isDisabled = !isSelectable(iso);
                return (
                  <td key={iso}>
                    <button
                      type="button"
                      data-date={iso}
                      className="calendar__day"
                      tabIndex={iso === focused ? 0 : -1}
                      aria-pressed={iso === value}
                      aria-disabled={isDisabled || undefined}
                      aria-current={iso === today ? 'date' : undefined}
                      aria-label={formatFullDate(iso, locale)}
                      onKeyDown={handleKeyDown}
                      onClick={() => {
                        if (isDisabled) return;
                        setFocused(iso);
                        onSelect(iso);
                      }}
                    >
                      {Number(iso.slice(8))}
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
