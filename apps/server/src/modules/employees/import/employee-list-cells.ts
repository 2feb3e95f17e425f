import type { EmployeeImportErrorCode } from '@kadry/shared/schemas/employee-import';
import {
  EMPLOYEE_LANGUAGES_MAX,
  EMPLOYEE_LINKS_MAX,
  EMPLOYEE_NAME_MAX_LENGTH,
  EMPLOYEE_RELATIVES_MAX,
  EMPLOYEE_TEXT_MAX_LENGTH,
} from '@kadry/shared/schemas/employees';
import { parseImportDate } from './import-dates';

// The list columns of the import and the export (languages, relatives, links): one cell holds the
// entries separated by `;`, each written `label: value`. The export writes them with the functions
// below and the import reads them back with the ones beside them, so an export imports unchanged.

export type ImportLanguage = { languageId: number; levelId: number | null };
export type ImportRelative = { relativeTypeId: number | null; name: string; birthDate: string | null };
export type ImportLink = { iconId: number | null; url: string };

/** Entry ids of one dictionary by lower-cased name (any language) or code. */
export type EntryLookup = ReadonlyMap<string, number> | undefined;

/** What a list cell gave: the entries, or the errors found in it (codes, each once). */
export type ParsedList<T> = { entries: T[]; errors: EmployeeImportErrorCode[] };

function splitEntries(text: string): string[] {
  return text
    .split(/[;\n]/)
    .map((entry) => entry.trim())
    .filter(Boolean);
}

/** `label: rest` split at the first colon (and the label trimmed); null when there is none. */
function splitLabel(entry: string): [label: string, rest: string] | null {
  const at = entry.indexOf(':');
  return at < 0 ? null : [entry.slice(0, at).trim(), entry.slice(at + 1).trim()];
}

function collect<T>(entries: T[], errors: Set<EmployeeImportErrorCode>, max: number): ParsedList<T> {
  if (entries.length > max) errors.add('too_long');
  return { entries, errors: [...errors] };
}

/** `English: B2; Polish` — a language by name or code, optionally its level. */
export function parseLanguagesCell(
  text: string,
  lookups: { languages: EntryLookup; levels: EntryLookup },
): ParsedList<ImportLanguage> {
  const errors = new Set<EmployeeImportErrorCode>();
  const entries: ImportLanguage[] = [];
  for (const entry of splitEntries(text)) {
    const [name, level] = splitLabel(entry) ?? [entry, ''];
    const languageId = lookups.languages?.get(name.toLowerCase());
    if (languageId === undefined) {
      errors.add('unknown_language');
      continue;
    }
    let levelId: number | null = null;
    if (level !== '') {
      const found = lookups.levels?.get(level.toLowerCase());
      if (found === undefined) errors.add('unknown_level');
      else levelId = found;
    }
    // A language once (as the profile keeps it): the first mention wins.
    if (!entries.some((known) => known.languageId === languageId)) entries.push({ languageId, levelId });
  }
  return collect(entries, errors, EMPLOYEE_LANGUAGES_MAX);
}

/** `Son: Taras Shevchenko (2019-05-01); Olena` — optionally a relative type, a name, optionally a birth date. */
export function parseRelativesCell(text: string, types: EntryLookup): ParsedList<ImportRelative> {
  const errors = new Set<EmployeeImportErrorCode>();
  const entries: ImportRelative[] = [];
  for (const entry of splitEntries(text)) {
    let rest = entry;
    let birthDate: string | null = null;
    const dated = /^(.*)\(([^()]*)\)$/.exec(rest);
    if (dated) {
      rest = (dated[1] ?? '').trim();
      const date = parseImportDate((dated[2] ?? '').trim());
      if (date === null) errors.add('bad_date');
      birthDate = date;
    }
    let relativeTypeId: number | null = null;
    const labelled = splitLabel(rest);
    if (labelled) {
      const [type, name] = labelled;
      rest = name;
      const found = types?.get(type.toLowerCase());
      if (found === undefined) errors.add('unknown_relative_type');
      else relativeTypeId = found;
    }
    if (rest === '') errors.add('required');
    else if (rest.length > EMPLOYEE_NAME_MAX_LENGTH) errors.add('too_long');
    else entries.push({ relativeTypeId, name: rest, birthDate });
  }
  return collect(entries, errors, EMPLOYEE_RELATIVES_MAX);
}

/** Schemes a link may use: the web, and the apps of the portfolio icons (skype:, viber://, tg:). */
const LINK_PROTOCOLS = new Set(['http:', 'https:', 'mailto:', 'tel:', 'skype:', 'viber:', 'tg:', 'callto:']);

/** Whether a link is an absolute URL of a scheme a profile link may have. */
export function isLinkUrl(text: string): boolean {
  if (text.length > EMPLOYEE_TEXT_MAX_LENGTH || /\s/.test(text)) return false;
  try {
    const url = new URL(text);
    if (!LINK_PROTOCOLS.has(url.protocol)) return false;
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.hostname !== '' : true;
  } catch {
    return false;
  }
}

/** `Telegram: https://t.me/olena; https://olena.dev` — optionally an icon (then `: `), a URL. */
export function parseLinksCell(text: string, icons: EntryLookup): ParsedList<ImportLink> {
  const errors = new Set<EmployeeImportErrorCode>();
  const entries: ImportLink[] = [];
  for (const entry of splitEntries(text)) {
    // The icon is set off by a colon and a space: a URL's own colon (https:, skype:) has none after it.
    const labelled = /^([^:]+?):\s+(\S.*)$/.exec(entry);
    let iconId: number | null = null;
    let url = entry;
    if (labelled) {
      url = (labelled[2] ?? '').trim();
      const found = icons?.get((labelled[1] ?? '').trim().toLowerCase());
      if (found === undefined) errors.add('unknown_icon');
      else iconId = found;
    }
    if (!isLinkUrl(url)) errors.add('bad_url');
    else entries.push({ iconId, url });
  }
  return collect(entries, errors, EMPLOYEE_LINKS_MAX);
}

/** A dictionary entry's name for a cell (the reader's language); null ids and unknown ones are left out. */
type NameOf = (id: number | null) => string | null;

export function formatLanguagesCell(languages: readonly ImportLanguage[], nameOf: NameOf): string {
  return languages
    .flatMap((language) => {
      const name = nameOf(language.languageId);
      if (name === null) return [];
      const level = nameOf(language.levelId);
      return [level === null ? name : `${name}: ${level}`];
    })
    .join('; ');
}

export function formatRelativesCell(relatives: readonly ImportRelative[], nameOf: NameOf): string {
  return relatives
    .map((relative) => {
      const type = nameOf(relative.relativeTypeId);
      const date = relative.birthDate ? ` (${relative.birthDate})` : '';
      return `${type === null ? '' : `${type}: `}${relative.name}${date}`;
    })
    .join('; ');
}

export function formatLinksCell(links: readonly ImportLink[], nameOf: NameOf): string {
  return links
    .map((link) => {
      const icon = nameOf(link.iconId);
      return icon === null ? link.url : `${icon}: ${link.url}`;
    })
    .join('; ');
}
