import {
  Combobox,
  ComboboxItem,
  ComboboxPopover,
  ComboboxProvider,
  useComboboxStore,
  useStoreState,
} from '@ariakit/react';
import { useDeferredValue, useEffect, useMemo, useRef } from 'react';

/** Every IANA zone the browser knows, plus UTC (absent from Intl's list) and the current value. */
export function listTimeZones(current?: string): string[] {
  const zones = new Set(Intl.supportedValuesOf('timeZone'));
  zones.add('UTC');
  if (current) zones.add(current);
  return [...zones].sort((a, b) => a.localeCompare(b));
}

/** The zone's offset now, e.g. "GMT+03:00"; empty when the runtime cannot tell. */
export function formatTimeZoneOffset(zone: string, at: Date = new Date()): string {
  try {
    const parts = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      timeZoneName: 'longOffset',
    }).formatToParts(at);
    return parts.find((part) => part.type === 'timeZoneName')?.value ?? '';
  } catch {
    return '';
  }
}

type TimeZoneOption = { zone: string; offset: string };
let cachedOptions: TimeZoneOption[] | null = null;

/** The zones with their offsets, worked out once per page (400+ formatters are not free). */
function listTimeZoneOptions(current: string): TimeZoneOption[] {
  cachedOptions ??= listTimeZones().map((zone) => ({ zone, offset: formatTimeZoneOffset(zone) }));
  if (!current || cachedOptions.some((item) => item.zone === current)) return cachedOptions;
  return [...cachedOptions, { zone: current, offset: formatTimeZoneOffset(current) }].sort((a, b) =>
    a.zone.localeCompare(b.zone),
  );
}

// "new york" finds America/New_York; "kyiv" finds Europe/Kyiv.
function normalize(text: string): string {
  return text
    .toLowerCase()
    .replace(/[_\s/]+/g, ' ')
    .trim();
}

/** The zones whose name (or offset, e.g. "+03") contains the query. */
export function filterTimeZones(zones: readonly TimeZoneOption[], query: string): readonly TimeZoneOption[] {
  const needle = normalize(query);
  if (!needle) return zones;
  return zones.filter(
    (item) => normalize(item.zone).includes(needle) || item.offset.toLowerCase().includes(needle),
  );
}

/**
 * A combobox of IANA time zones: type to filter (400+ zones are too many to scroll), pick with the
 * arrows and Enter. Leaving it without picking puts the current zone back, so it always holds a valid one.
 */
export function TimeZoneSelect({
  id,
  value,
  onChange,
  noMatchesText,
  describedBy,
  isInvalid,
  isDisabled,
}: {
  /** The input's id, for the caller's `<label htmlFor>`. */
  id: string;
  value: string;
  onChange: (zone: string) => void;
  noMatchesText: string;
  describedBy?: string;
  isInvalid?: boolean;
  isDisabled?: boolean;
}) {
  const store = useComboboxStore({
    defaultInputValue: value,
    selectedValue: value,
    setSelectedValue: (next) => {
      if (typeof next === 'string' && next) onChange(next);
    },
    setOpen: (open) => {
      // Closing without a pick puts the current zone back in the box.
      if (!open) store.setInputValue(valueRef.current);
    },
  });
  const valueRef = useRef(value);
  valueRef.current = value;
  const text = useStoreState(store, 'inputValue');
  const deferredText = useDeferredValue(text);
  const zones = useMemo(() => listTimeZoneOptions(value), [value]);
  // Until the user types, the whole list shows (the text is just the current zone).
  const matches = useMemo(
    () => (deferredText === value ? zones : filterTimeZones(zones, deferredText)),
    [zones, deferredText, value],
  );
  useEffect(() => store.setInputValue(value), [store, value]);

  return (
    <ComboboxProvider store={store}>
      <Combobox
        id={id}
        className="time-zone-select"
        autoSelect
        aria-describedby={describedBy}
        aria-invalid={isInvalid ? true : undefined}
        disabled={isDisabled}
      />
      <ComboboxPopover gutter={4} sameWidth className="time-zone-select__popover" unmountOnHide>
        {matches.length === 0 ? <p className="hint">{noMatchesText}</p> : null}
        {matches.map((item) => (
          <ComboboxItem key={item.zone} value={item.zone} className="time-zone-select__item">
            {item.zone}
            {item.offset ? <span className="time-zone-select__offset"> {item.offset}</span> : null}
          </ComboboxItem>
        ))}
      </ComboboxPopover>
    </ComboboxProvider>
  );
}
