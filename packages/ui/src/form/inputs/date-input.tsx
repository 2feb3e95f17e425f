import { Popover, PopoverDisclosure, PopoverProvider } from '@ariakit/react';
import { CUSTOM_DATE_MAX_YEARS_AHEAD } from '@kadry/shared/constants';
import {
  addYearsToIsoDate,
  type DateMask,
  dateMaskForLocale,
  formatDateForLocale,
  getTodayIsoDate,
  isValidIsoDate,
  parseMaskedDate,
} from '@kadry/shared/validation/dates';
import IMask, { type FactoryOpts } from 'imask';
import { useMemo, useState } from 'react';
import { useLocale, useTranslate } from '../../i18n';
import { Calendar } from '../calendar/calendar';
import type { FieldInputProps } from './input-props';
import { useMaskedInput } from './use-masked-input';

/** How far back the year select of the calendar reaches. */
const CALENDAR_YEARS_BACK = 100;

const PATTERNS: Record<DateMask, string> = {
  'MM/DD/YYYY': 'm{/}`d{/}`Y',
  'DD.MM.YYYY': 'd{.}`m{.}`Y',
};

function toLocalDate(iso: string): Date {
  const [year = 0, month = 1, day = 1] = iso.split('-').map(Number);
  return new Date(year, month - 1, day);
}

function toIso(date: Date): string {
  return `${String(date.getFullYear()).padStart(4, '0')}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
}

/**
 * The date mask of a locale (spec §5): MM/DD/YYYY for English and Spanish, DD.MM.YYYY otherwise. A day
 * or month digit that cannot start a two-digit number is padded with a zero as it is typed ('5' → '05'),
 * and the last digit of a day that does not exist (31.02) is refused, so only real dates can be entered.
 * Reading and writing go through the shared helpers, so the mask and the rules agree on every date.
 */
export function createDateMaskOptions(locale: string): FactoryOpts {
  const range = (from: number, to: number) => ({
    mask: IMask.MaskedRange,
    from,
    to,
    maxLength: 2,
    autofix: 'pad' as const,
  });
  return {
    mask: Date,
    pattern: PATTERNS[dateMaskForLocale(locale)],
    lazy: true,
    blocks: {
      d: range(1, 31),
      m: range(1, 12),
      Y: { mask: IMask.MaskedRange, from: 1000, to: 9999 },
    },
    format: (date: Date | null) => (date ? formatDateForLocale(toIso(date), locale) : ''),
    parse: (text: string) => {
      const iso = parseMaskedDate(text, locale);
      return iso ? toLocalDate(iso) : new Date(Number.NaN);
    },
  } as FactoryOpts;
}

/** The text shown for a model value: a real date in the locale's mask, or what was typed so far. */
function getDisplayText(date: string, locale: string): string {
  return isValidIsoDate(date) ? formatDateForLocale(date, locale) : date;
}

/**
 * A date field: a masked input and a calendar (week from Monday) in a popover. The model holds
 * 'YYYY-MM-DD' once a real date is entered; before that it holds the text typed, which the shared
 * date rule reports as an invalid date, so a half-typed optional date is never sent silently.
 */
export function DateInput({
  field,
  value,
  onChange,
  ids,
  describedBy,
  isInvalid,
  placement,
}: FieldInputProps<'date'>) {
  const t = useTranslate();
  const locale = useLocale();
  const [isCalendarOpen, setIsCalendarOpen] = useState(false);
  const options = useMemo(() => createDateMaskOptions(locale), [locale]);
  const ref = useMaskedInput(options, getDisplayText(value.date, locale), (text, mask) => {
    if (text === '') onChange({ kind: 'date', date: '' });
    else if (mask.masked.isComplete) onChange({ kind: 'date', date: parseMaskedDate(text, locale) ?? text });
    else onChange({ kind: 'date', date: text }, { isIncomplete: true });
  });

  const today = getTodayIsoDate();
  const isCustom = field.type === 'custom_property';
  // The bounds of the shared date rule: custom dates up to 100 years ahead, the others not after today.
  const max = isCustom ? addYearsToIsoDate(today, CUSTOM_DATE_MAX_YEARS_AHEAD) : today;
  const years = useMemo(() => {
    const first = Number(today.slice(0, 4)) - CALENDAR_YEARS_BACK;
    const last = Number(max.slice(0, 4));
    return Array.from({ length: last - first + 1 }, (_, index) => first + index);
  }, [today, max]);

  return (
    <div className="date-input">
      <input
        ref={ref}
        id={ids.control}
        className="field__input date-input__text"
        type="text"
        inputMode="numeric"
        autoComplete={field.type === 'birthdate' ? 'bday' : 'off'}
        placeholder={t('careers.form.date_placeholder')}
        defaultValue={getDisplayText(value.date, locale)}
        aria-required={field.required || undefined}
        aria-invalid={isInvalid || undefined}
        aria-describedby={describedBy}
      />
      <PopoverProvider open={isCalendarOpen} setOpen={setIsCalendarOpen} placement={placement}>
        <PopoverDisclosure
          className="date-input__toggle"
          aria-label={`${t('careers.form.select_placeholder')}: ${field.name}`}
        >
          <CalendarIcon />
        </PopoverDisclosure>
        <Popover
          className="popover calendar-popover"
          portal={false}
          unmountOnHide
          autoFocusOnShow={false}
          gutter={4}
          aria-label={field.name}
        >
          <Calendar
            value={isValidIsoDate(value.date) ? value.date : ''}
            today={today}
            min={null}
            max={max}
            years={years}
            locale={locale}
            onSelect={(iso) => {
              onChange({ kind: 'date', date: iso });
              setIsCalendarOpen(false);
            }}
          />
        </Popover>
      </PopoverProvider>
    </div>
  );
}

function CalendarIcon() {
  return (
    <svg aria-hidden="true" width="20" height="20" viewBox="0 0 24 24" focusable="false">
      <path
        fill="currentColor"
        d="M7 2h2v2h6V2h2v2h3a1 1 0 0 1 1 1v15a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V5a1 1 0 0 1 1-1h3zm12 8H5v9h14zM7 12h2v2H7zm4 0h2v2h-2zm4 0h2v2h-2z"
      />
    </svg>
  );
}
