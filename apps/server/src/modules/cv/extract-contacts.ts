import { validateEmail, validateLink, validatePhone } from '@kadry/shared/validation/rules';
import * as linkify from 'linkifyjs';

/** What a CV's text suggests for the application form; every value passes the form's own rule. */
export type CvContacts = { name: string | null; email: string | null; phone: string | null; links: string[] };

export const MAX_LINKS = 10;
/** The name is looked for among the first lines only: a CV starts with it, and later lines are job titles. */
const NAME_SEARCH_LINES = 12;

/** The first plausible name, email and phone of a CV's text, and its web links (at most MAX_LINKS). */
export function extractContacts(text: string): CvContacts {
  const found = linkify.find(text);
  const email =
    found.find((match) => match.type === 'email' && validateEmail(match.value) === null)?.value ?? null;
  const emailDomain = email ? (email.split('@')[1] ?? '').toLowerCase() : null;
  return {
    name: findName(text),
    email,
    phone: findPhone(text),
    links: collectLinks(
      found.filter((match) => match.type === 'url').map((match) => match.value),
      emailDomain,
    ),
  };
}

// ---------------------------------------------------------------------------------------------------
// Links

function collectLinks(candidates: string[], emailDomain: string | null): string[] {
  const links = new Map<string, string>();
  for (const candidate of candidates) {
    const link = normaliseLink(candidate);
    if (!link || validateLink(link.href) !== null) continue;
    // The domain of the candidate's own address ("gmail.com") is not a link they meant to share.
    if (link.host === emailDomain && link.isBareHost) continue;
    if (!links.has(link.dedupeKey)) links.set(link.dedupeKey, link.href);
    if (links.size === MAX_LINKS) break;
  }
  return [...links.values()];
}

function normaliseLink(
  value: string,
): { href: string; host: string; isBareHost: boolean; dedupeKey: string } | null {
  const hasScheme = /^https?:\/\//i.test(value);
  if (!hasScheme) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(value)) return null;
    // A bare domain counts only when it clearly is one: "github.com/x" or "www.x.com", in lower case.
    // Otherwise "ASP.NET" or "Node.JS" in a skills list would become links.
    const host = value.split(/[/?#]/)[0] ?? '';
    const hasPath = value.length > host.length + 1;
    if (host !== host.toLowerCase() || !(hasPath || host.startsWith('www.'))) return null;
  }
  let url: URL;
  try {
    url = new URL(hasScheme ? value : `https://${value}`);
  } catch {
    return null;
  }
  if (url.username || url.password) return null;
  const isBareHost = url.pathname === '/' && !url.search && !url.hash;
  const href = isBareHost ? url.href.replace(/\/$/, '') : url.href;
  const host = url.hostname.replace(/^www\./, '');
  const dedupeKey = `${host}${url.pathname.replace(/\/+$/, '')}${url.search}`.toLowerCase();
  return { href, host: url.hostname, isBareHost, dedupeKey };
}

// ---------------------------------------------------------------------------------------------------
// Phone

// Digits with the separators people put in phone numbers; a number never spans lines.
const PHONE_CANDIDATE =
  /(?<![\w+])(?:\+|00)?[ \t]*(?:\(\d{1,5}\)|\d)(?:[ \t().\-\u2010-\u2013]{0,3}\d){5,16}(?!\w)/g;
const PHONE_LABEL =
  /(?:phone|tel|mob|mobile|cell|whats ?app|viber|telegram|contact|тел|телефон|моб|мобильный|мобільний|контакт)[^\n\d+]{0,12}$/i;
const DATE_LIKE = /^(?:\d{1,2}[./-]\d{1,2}[./-]\d{2,4}|\d{4}[./-]\d{1,2}[./-]\d{1,2})$/;
const YEAR = /(?:^|\D)(?:19|20)\d{2}(?=\D|$)/g;

function findPhone(text: string): string | null {
  let fallback: string | null = null;
  for (const line of text.split('\n')) {
    for (const match of line.matchAll(PHONE_CANDIDATE)) {
      const raw = match[0].trim();
      if (isDateOrPeriod(raw)) continue;
      const phone = toPhoneValue(raw);
      if (!phone || validatePhone(phone) !== null) continue;
      const isLabelled = PHONE_LABEL.test(line.slice(0, match.index));
      if (phone.startsWith('+') || isLabelled) return phone;
      // Without a '+' or a label, only a number long enough to be a full phone number is a guess worth making.
      if (!fallback && phone.length >= 10) fallback = phone;
    }
  }
  return fallback;
}

function toPhoneValue(raw: string): string | null {
  const digits = raw.replace(/\D/g, '');
  if (raw.startsWith('+')) return `+${digits}`;
  if (raw.startsWith('00') && digits.length > 9) return `+${digits.slice(2)}`;
  return digits || null;
}

function isDateOrPeriod(raw: string): boolean {
  const compact = raw.replace(/[ \t]/g, '');
  if (DATE_LIKE.test(compact)) return true;
  // "2015 - 2020", "09.2018 – 05.2021": two years make a period of employment, not a phone.
  return (compact.match(YEAR)?.length ?? 0) >= 2 && !raw.startsWith('+');
}

// ---------------------------------------------------------------------------------------------------
// Name

const NAME_LABEL =
  /^(?:name|full name|candidate|фио|ф\.и\.о\.|имя|имя и фамилия|фамилия,? имя|піб|п\.і\.б\.|ім['’ʼ]я|прізвище,? ім['’ʼ]я)\s*[:\-–—]\s*/i;
const HEADING =
  /^(?:curriculum vitae|cv|resume|résumé|r[eé]sum[eé]|резюме|анкета|personal (?:data|information|details|info)|contacts?|contact (?:info|information|details)|контакты|контакти|контактная информация|контактна інформація|особисті дані|личные данные|персональные данные|персональні дані|summary|profile|about me|о себе|про себе|objective|цель|мета|experience|work experience|опыт работы|досвід роботи|education|образование|освіта|skills|навыки|навички)$/i;
// Words that make a capitalised line a job title or a heading rather than a person's name.
const NOT_NAME_WORDS = new Set(
  [
    'curriculum',
    'vitae',
    'resume',
    'cv',
    'engineer',
    'developer',
    'programmer',
    'manager',
    'designer',
    'analyst',
    'specialist',
    'consultant',
    'director',
    'lead',
    'senior',
    'junior',
    'middle',
    'intern',
    'architect',
    'administrator',
    'accountant',
    'teacher',
    'tester',
    'qa',
    'head',
    'officer',
    'assistant',
    'marketing',
    'sales',
    'software',
    'frontend',
    'backend',
    'full-stack',
    'fullstack',
    'product',
    'project',
    'hr',
    'recruiter',
    'personal',
    'information',
    'contact',
    'contacts',
    'profile',
    'summary',
    'experience',
    'education',
    'skills',
    'street',
    'резюме',
    'менеджер',
    'разработчик',
    'инженер',
    'программист',
    'дизайнер',
    'аналитик',
    'специалист',
    'директор',
    'руководитель',
    'бухгалтер',
    'тестировщик',
    'администратор',
    'ведущий',
    'старший',
    'младший',
    'главный',
    'личные',
    'данные',
    'контакты',
    'опыт',
    'образование',
    'розробник',
    'інженер',
    'програміст',
    'аналітик',
    'фахівець',
    'спеціаліст',
    'керівник',
    'тестувальник',
    'адміністратор',
    'провідний',
    'молодший',
    'головний',
    'особисті',
    'дані',
    'контакти',
    'досвід',
    'освіта',
    'вулиця',
    'улица',
  ].map((word) => word.toLowerCase()),
);
const NAME_WORD = /^\p{Lu}[\p{L}'’ʼ.-]*$/u;
const LATIN_OR_CYRILLIC = /^[\p{Script=Latin}\p{Script=Cyrillic}'’ʼ.-]+$/u;

function findName(text: string): string | null {
  const lines = text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .slice(0, NAME_SEARCH_LINES);
  for (const line of lines) {
    const name = toName(line);
    if (name) return name;
  }
  return null;
}

function toName(line: string): string | null {
  if (/[\d@]/.test(line) || HEADING.test(line)) return null;
  // "Ivan Petrov, MBA" or "Ivan Petrov | Developer": the name is the first part.
  const part = (line.replace(NAME_LABEL, '').split(/\s+[|•·–—-]\s+|[,;|•·(]/)[0] ?? '').trim();
  const words = part.split(/\s+/);
  if (words.length < 2 || words.length > 4) return null;
  const isName = words.every(
    (word) => NAME_WORD.test(word) && LATIN_OR_CYRILLIC.test(word) && !NOT_NAME_WORDS.has(word.toLowerCase()),
  );
  if (!isName) return null;
  const isAllCaps = words.every((word) => word === word.toUpperCase());
  return (isAllCaps ? words.map(toTitleCase) : words).join(' ');
}

function toTitleCase(word: string): string {
  return word
    .toLowerCase()
    .replace(
      /(^|[-'’ʼ])(\p{Ll})/gu,
      (_match, separator: string, letter: string) => `${separator}${letter.toUpperCase()}`,
    );
}
