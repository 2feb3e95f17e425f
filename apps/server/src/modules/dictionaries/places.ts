import { readdir, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Locale } from '@kadry/shared/constants';
import { type DictionaryEntry, PLACE_SEARCH_LIMIT } from '@kadry/shared/schemas/dictionaries';
import { type CityNameBook, sharedCityNameBook } from './city-name-book';

// Countries and cities from @countrystatecity/countries (docs/decisions/014-countries-and-cities.md).
// The files are read here rather than through the package's loaders: those import() each JSON file,
// and a runtime that can import JSON would keep every file it ever read in its module cache. Here the
// countries (about 250, small) are kept once read, and the cities of at most CITY_CACHE_COUNTRIES
// countries, the least recently asked for dropped first. The package's cities have English names only;
// their Russian and Ukrainian names come from GeoNames, in city-names/<country>.json (the decision's
// addendum; apps/server/scripts/build-city-names.ts makes them), read through the process's city name
// book, which the employees' city names share.

/** How many countries' cities stay in memory. The largest (US) is about 20,000 cities. */
const CITY_CACHE_COUNTRIES = 8;

type CountryFile = { id: number; name: string; iso2: string; native: string | null; emoji: string };
type CountryMetaFile = { translations?: Record<string, string> };
type CityFile = { id: number; name: string; state_code: string; native: string | null };

type Country = {
  id: number;
  code: string;
  names: Record<Locale, string>;
  emoji: string;
  /** Every name lower-cased, joined: what a search matches. */
  haystack: string;
};
type City = {
  id: number;
  names: Record<Locale, string>;
  stateCode: string;
  /** Every name lower-cased, one per line: what a search matches. */
  haystack: string;
};
type CountryCities = { list: City[]; sorted: Partial<Record<Locale, City[]>> };

export type PlacesSource = {
  searchCountries(query: string | undefined, locale: Locale): Promise<DictionaryEntry[]>;
  searchCities(countryCode: string, query: string | undefined, locale: Locale): Promise<DictionaryEntry[]>;
};

function findDataDir(): string {
  const require = createRequire(import.meta.url);
  return path.dirname(require.resolve('@countrystatecity/countries/data/countries.json'));
}

function normalize(text: string): string {
  return text.toLocaleLowerCase('en').normalize('NFC');
}

/** Folders are named `<Name>-<CODE>`: the code is what follows the last dash. */
function codeOfDir(dir: string): string {
  return dir.slice(dir.lastIndexOf('-') + 1);
}

/**
 * Countries and cities searched by part of a name in any language. Nothing is read until the first
 * search; a country's cities are read on the first search in it.
 */
export function createPlacesSource(
  dataDir: string = findDataDir(),
  cityNames: CityNameBook = sharedCityNameBook,
): PlacesSource {
  let countries: Promise<Country[]> | null = null;
  let countryDirs: Promise<Map<string, string>> | null = null;
  const cities = new Map<string, Promise<CountryCities>>();

  function loadCountryDirs(): Promise<Map<string, string>> {
    countryDirs ??= readdir(dataDir, { withFileTypes: true }).then(
      (entries) =>
        new Map(
          entries.filter((entry) => entry.isDirectory()).map((entry) => [codeOfDir(entry.name), entry.name]),
        ),
    );
    return countryDirs;
  }

  async function readCountries(): Promise<Country[]> {
    const [list, dirs] = await Promise.all([
      readFile(path.join(dataDir, 'countries.json'), 'utf8').then(
        (text) => JSON.parse(text) as CountryFile[],
      ),
      loadCountryDirs(),
    ]);
    return Promise.all(
      list.map(async (country) => {
        const dir = dirs.get(country.iso2);
        const meta: CountryMetaFile = dir
          ? JSON.parse(await readFile(path.join(dataDir, dir, 'meta.json'), 'utf8'))
          : {};
        const names = {
          en: country.name,
          ru: meta.translations?.ru ?? country.name,
          uk: meta.translations?.uk ?? country.name,
        };
        return {
          id: country.id,
          code: country.iso2,
          names,
          emoji: country.emoji,
          haystack: normalize([names.en, names.ru, names.uk, country.native ?? '', country.iso2].join('\n')),
        };
      }),
    );
  }

  async function readCities(countryCode: string): Promise<CountryCities> {
    const dir = (await loadCountryDirs()).get(countryCode);
    if (!dir) return { list: [], sorted: {} };
    const entries = await readdir(path.join(dataDir, dir), { withFileTypes: true });
    const read: CityFile[] = [];
    for (const state of entries.filter((entry) => entry.isDirectory())) {
      try {
        read.push(...JSON.parse(await readFile(path.join(dataDir, dir, state.name, 'cities.json'), 'utf8')));
      } catch {
        // a region without a cities file
      }
    }
    const translated = await cityNames.namesOf(read.map((city) => city.id));
    const found = read.map((city): City => {
      const other = translated.get(city.id);
      const names = { en: city.name, ru: other?.ru ?? city.name, uk: other?.uk ?? city.name };
      return {
        id: city.id,
        names,
        stateCode: city.state_code,
        haystack: normalize([...new Set([names.en, city.native ?? '', names.ru, names.uk])].join('\n')),
      };
    });
    return { list: found, sorted: {} };
  }

  /** The country's cities in the order of their names in `locale`, sorted on first use. */
  function sortedCities(cities: CountryCities, locale: Locale): City[] {
    let sorted = cities.sorted[locale];
    if (!sorted) {
      const collator = new Intl.Collator(locale);
      sorted = [...cities.list].sort((a, b) => collator.compare(a.names[locale], b.names[locale]));
      cities.sorted[locale] = sorted;
    }
    return sorted;
  }

  function loadCities(countryCode: string): Promise<CountryCities> {
    let loaded = cities.get(countryCode);
    if (loaded) {
      cities.delete(countryCode); // re-inserted below: most recently used last
    } else {
      loaded = readCities(countryCode);
      loaded.catch(() => cities.delete(countryCode));
    }
    cities.set(countryCode, loaded);
    while (cities.size > CITY_CACHE_COUNTRIES) {
      const oldest = cities.keys().next().value;
      if (oldest === undefined) break;
      cities.delete(oldest);
    }
    return loaded;
  }

  return {
    async searchCountries(query, locale) {
      countries ??= readCountries().catch((error: unknown) => {
        countries = null;
        throw error;
      });
      const needle = query ? normalize(query) : '';
      const matches = (await countries).filter((country) => country.haystack.includes(needle));
      // Names starting with the query first, then by name in the reader's language.
      const rank = (country: Country) =>
        needle && normalize(country.names[locale]).startsWith(needle) ? 0 : 1;
      return matches
        .map((country) => ({ country, rank: rank(country) }))
        .sort(
          (a, b) => a.rank - b.rank || a.country.names[locale].localeCompare(b.country.names[locale], locale),
        )
        .slice(0, PLACE_SEARCH_LIMIT)
        .map(({ country }, position) => ({
          id: country.id,
          code: country.code,
          name: country.names[locale],
          meta: { emoji: country.emoji },
          position,
        }));
    },

    async searchCities(countryCode, query, locale) {
      const needle = query ? normalize(query) : '';
      const list = sortedCities(await loadCities(countryCode), locale);
      // A name in any language starting with the query comes first (a line of the haystack starts with it).
      const starting: City[] = [];
      const containing: City[] = [];
      for (const city of list) {
        if (starting.length >= PLACE_SEARCH_LIMIT) break;
        if (!city.haystack.includes(needle)) continue;
        const starts = city.haystack.startsWith(needle) || city.haystack.includes(`\n${needle}`);
        (starts ? starting : containing).push(city);
      }
      return [...starting, ...containing].slice(0, PLACE_SEARCH_LIMIT).map((city, position) => ({
        id: city.id,
        code: String(city.id),
        name: city.names[locale],
        meta: { country_code: countryCode, state_code: city.stateCode },
        position,
      }));
    },
  };
}
