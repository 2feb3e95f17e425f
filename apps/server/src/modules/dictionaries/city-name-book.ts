import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Locale } from '@kadry/shared/constants';

// The names of the cities that have a Russian or Ukrainian one, by the data package's city id, for
// naming an employee's city in the reader's language (decision 014, addendum). A city without one
// has the same (English or local) name in every language, so the name kept with the employee is it.

/** A city's names; `ru` and `uk` where GeoNames has them. */
export type CityNames = { en: string } & Partial<Record<Exclude<Locale, 'en'>, string>>;

const CITY_NAMES_DIR = fileURLToPath(new URL('./city-names/', import.meta.url));

type Book = { byId: Map<number, CityNames>; ids: number[]; haystacks: string[] };

function normalize(text: string): string {
  return text.toLocaleLowerCase('en').normalize('NFC');
}

export type CityNameBook = {
  /** The names of these cities that have translated names; others are absent. */
  namesOf(ids: Iterable<number>): Promise<ReadonlyMap<number, CityNames>>;
  /** The ids of the translated cities with a name (in any language) containing `text`, lower-cased. */
  idsNamed(text: string, limit: number): Promise<number[]>;
};

/**
 * Every country's file is read on first use and kept: 11,750 cities, 1.2 MB of JSON, measured at
 * 0.1–0.2 s once per process and +3 MB heap (+4 to +10 MB RSS); a filter then takes ~2 ms.
 */
export function createCityNameBook(dir: string = CITY_NAMES_DIR): CityNameBook {
  let loaded: Promise<Book> | null = null;

  async function readAll(): Promise<Book> {
    const byId = new Map<number, CityNames>();
    const files = (await readdir(dir)).filter((file) => file.endsWith('.json')).sort();
    for (const file of files) {
      const entries = JSON.parse(await readFile(path.join(dir, file), 'utf8')) as Record<string, CityNames>;
      for (const [id, names] of Object.entries(entries)) byId.set(Number(id), names);
    }
    const ids = [...byId.keys()];
    // Every name lower-cased, one per line: what a filter looks through.
    const haystacks = ids.map((id) => {
      const names = byId.get(id) as CityNames;
      return normalize([names.en, names.ru ?? '', names.uk ?? ''].join('\n'));
    });
    return { byId, ids, haystacks };
  }

  function load(): Promise<Book> {
    loaded ??= readAll().catch((error: unknown) => {
      loaded = null;
      throw error;
    });
    return loaded;
  }

  return {
    async namesOf(ids) {
      const wanted = [...ids];
      const found = new Map<number, CityNames>();
      if (wanted.length === 0) return found;
      const { byId } = await load();
      for (const id of wanted) {
        const names = byId.get(id);
        if (names) found.set(id, names);
      }
      return found;
    },
    async idsNamed(text, limit) {
      const needle = normalize(text);
      const found: number[] = [];
      if (!needle) return found;
      const { ids, haystacks } = await load();
      for (let index = 0; index < ids.length && found.length < limit; index += 1) {
        if (haystacks[index]?.includes(needle)) found.push(ids[index] as number);
      }
      return found;
    },
  };
}

/** The process's one book (static data, read on first use): the city search and employees share it. */
export const sharedCityNameBook = createCityNameBook();

/**
 * The city's name in `locale` as a city search names it: the translated name, else the package's
 * English one; the name kept with the employee for a city without translated names.
 */
export function cityNameIn(names: CityNames | undefined, kept: string, locale: Locale): string {
  return names ? (names[locale] ?? names.en) : kept;
}
