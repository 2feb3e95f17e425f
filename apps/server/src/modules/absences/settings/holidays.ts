// Public holidays by country from the `date-holidays` package (its data ships with it: no network).
// Loaded on first use: the package parses its whole data set, which startup does not need.

type HolidaysClass = typeof import('date-holidays').default;

let loading: Promise<HolidaysClass> | null = null;

function loadHolidays(): Promise<HolidaysClass> {
  loading ??= import('date-holidays').then((module) => module.default);
  return loading;
}

/** The ISO codes of the countries the package knows. */
export async function listHolidayCountryCodes(): Promise<string[]> {
  const Holidays = await loadHolidays();
  return Object.keys(new Holidays().getCountries('en')).sort();
}

export async function isHolidayCountry(code: string): Promise<boolean> {
  return (await listHolidayCountryCodes()).includes(code);
}

/**
 * A country's public holidays of a year as plain dates (the package's local dates, never converted
 * through an instant), each date once: two holidays on one day share it, their names joined. Names in
 * `language` where the package has them, else in English, else in the country's own language.
 * Substitute days off (a holiday moved off a weekend) are public holidays too.
 */
export async function listPublicHolidays(
  country: string,
  year: number,
  language: string,
): Promise<{ date: string; name: string }[]> {
  const Holidays = await loadHolidays();
  const holidays = new Holidays(country, { languages: [language, 'en'], types: ['public'] });
  const byDate = new Map<string, string[]>();
  for (const holiday of holidays.getHolidays(year)) {
    if (holiday.type !== 'public') continue;
    const date = holiday.date.slice(0, 10);
    if (!date.startsWith(`${year}-`)) continue;
    const names = byDate.get(date) ?? [];
    if (!names.includes(holiday.name)) names.push(holiday.name);
    byDate.set(date, names);
  }
  return [...byDate]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([date, names]) => ({ date, name: names.join(' / ').slice(0, 200) }));
}
