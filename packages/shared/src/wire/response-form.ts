/**
 * The application submission on the wire (spec §3.1): multipart entries with bracketed names.
 * The browser encodes its form model; the server decodes the parts back into answers for validation.
 */
import type { FormField } from '../schemas/form';
import {
  type FieldValue,
  type FileLike,
  getChosenLanguageRows,
  resolveCurrencyId,
  resolveSelectChoice,
} from '../validation/form-values';
import { type FileFacts, ISSUE_KEYS, type LanguageRow, type ValidationIssue } from '../validation/rules';
import { type FieldAnswer, getAnswerKind, getFieldIssuePath } from '../validation/validate-field';

/** One multipart entry: a text value, or a file with the name to send it under. */
export type FormEntry<F = FileLike> = [name: string, value: string | { file: F; fileName: string }];

/**
 * No form control produces U+0000, and PostgreSQL text and jsonb cannot store it: a field part that
 * carries one is malformed (422), never a database error.
 */
const NUL = '\u0000';

/** Bracketed names deeper than this are not ours: the deepest is fields[i][input_value][k][level]. */
const MAX_NAME_SEGMENTS = 5;
/** Largest index accepted in a name; bounds the work a hostile body can cause. */
const MAX_NAME_INDEX = 199;
const SEGMENT = '[A-Za-z0-9_-]+';
const NAME_PATTERN = new RegExp(`^(${SEGMENT})((?:\\[${SEGMENT}\\])*)$`);

/**
 * 'fields[3][input_value][0][level]' → ['fields', 3, 'input_value', 0, 'level']. Canonical decimal
 * segments become numbers. Null when malformed, deeper than 5 segments, or an index above 199.
 */
export function parseBracketName(name: string): (string | number)[] | null {
  const match = NAME_PATTERN.exec(name);
  if (!match?.[1]) return null;
  const rest = match[2] ?? '';
  const inner = rest === '' ? [] : rest.slice(1, -1).split('][');
  const segments: (string | number)[] = [match[1]];
  for (const segment of inner) {
    if (/^(?:0|[1-9]\d*)$/.test(segment)) {
      const index = Number(segment);
      if (index > MAX_NAME_INDEX) return null;
      segments.push(index);
    } else {
      segments.push(segment);
    }
  }
  return segments.length > MAX_NAME_SEGMENTS ? null : segments;
}

function encodeInputValue<F extends FileLike>(
  field: FormField,
  value: FieldValue<F>,
  base: string,
  entries: FormEntry<F>[],
): void {
  const options = field.input_meta?.options;
  switch (value.kind) {
    case 'text':
      entries.push([base, value.text]);
      return;
    case 'date':
      entries.push([base, value.date]);
      return;
    case 'select':
      entries.push([base, resolveSelectChoice(options, value.select)]);
      return;
    case 'checkbox':
      entries.push([base, value.checked ? 'true' : 'false']);
      return;
    case 'checkbox_list':
      // An unticked list still sends the field, as an empty value.
      if (value.checkboxList.length === 0) entries.push([base, '']);
      value.checkboxList.forEach((id, k) => {
        entries.push([`${base}[${k}]`, String(id)]);
      });
      return;
    case 'multiselect':
      value.multiselect.forEach((id, k) => {
        entries.push([`${base}[${k}]`, String(id)]);
      });
      return;
    case 'language':
      getChosenLanguageRows(value.languages).forEach((row, k) => {
        entries.push([`${base}[${k}][language]`, String(row.language)]);
        entries.push([`${base}[${k}][level]`, row.level === null ? '' : String(row.level)]);
      });
      return;
    case 'salary': {
      entries.push([`${base}[min]`, value.min]);
      entries.push([`${base}[max]`, value.max]);
      const currency = resolveCurrencyId(options, value.currency);
      if (currency !== '') entries.push([`${base}[currency]`, currency]);
      return;
    }
    case 'files': {
      const maxFiles = field.input_meta?.maxFiles ?? 1;
      const [only] = value.files;
      if (maxFiles === 1 && value.files.length === 1 && only) {
        entries.push([base, { file: only.file, fileName: only.file.name }]);
        return;
      }
      value.files.forEach(({ file }, k) => {
        entries.push([`${base}[${k}]`, { file, fileName: file.name }]);
      });
      return;
    }
  }
}

/**
 * The multipart entries of a submission, in order. Append them to a FormData:
 * `typeof v === 'string' ? fd.append(n, v) : fd.append(n, v.file, v.fileName)`.
 */
export function encodeResponse<F extends FileLike>(input: {
  source: string;
  cacheId: string;
  captchaToken?: string | null;
  fields: readonly FormField[];
  values: readonly FieldValue<F>[];
}): FormEntry<F>[] {
  const entries: FormEntry<F>[] = [
    ['source', input.source],
    ['cache_id', input.cacheId],
  ];
  if (input.captchaToken) entries.push(['g_recaptcha_response', input.captchaToken]);
  input.fields.forEach((field, i) => {
    const value = input.values[i];
    if (field.value !== null && field.value !== undefined)
      entries.push([`fields[${i}][value]`, String(field.value)]);
    entries.push([`fields[${i}][type]`, field.type]);
    if (value) encodeInputValue(field, value, `fields[${i}][input_value]`, entries);
  });
  return entries;
}

/** One part under fields[i][input_value]: the path below input_value and its content. */
type InputPart = { path: (string | number)[]; content: { text: string } | { file: FileFacts } };

type FieldParts = { types: string[]; values: string[]; inputs: InputPart[]; isMalformed: boolean };

/** Decodes one field's input parts; null when their shape does not fit the field. */
function decodeInputParts(field: FormField, parts: readonly InputPart[]): FieldAnswer | null {
  const texts: { path: (string | number)[]; text: string }[] = [];
  const files: { path: (string | number)[]; file: FileFacts }[] = [];
  for (const part of parts) {
    if ('text' in part.content) texts.push({ path: part.path, text: part.content.text });
    else files.push({ path: part.path, file: part.content.file });
  }
  const kind = getAnswerKind(field.input_type);
  if (kind !== 'files' && files.length > 0) return null;
  const seenPaths = new Set(parts.map((part) => part.path.join('.')));
  if (seenPaths.size !== parts.length) return null;

  switch (kind) {
    case 'text': {
      if (texts.length === 0) return { kind: 'empty' };
      const [only] = texts;
      return texts.length === 1 && only && only.path.length === 0 ? { kind: 'text', value: only.text } : null;
    }
    case 'checkbox': {
      if (texts.length === 0) return { kind: 'empty' };
      const [only] = texts;
      if (texts.length !== 1 || !only || only.path.length !== 0) return null;
      if (only.text !== 'true' && only.text !== 'false') return null;
      return { kind: 'checkbox', value: only.text === 'true' };
    }
    case 'list': {
      const [only] = texts;
      // An empty list may come as one empty value (checkbox_list does so).
      if (texts.length === 1 && only && only.path.length === 0 && only.text === '')
        return { kind: 'list', value: [] };
      const items: { k: number; text: string }[] = [];
      for (const { path, text } of texts) {
        const [k] = path;
        if (path.length !== 1 || typeof k !== 'number') return null;
        items.push({ k, text });
      }
      return { kind: 'list', value: items.sort((a, b) => a.k - b.k).map((item) => item.text) };
    }
    case 'language': {
      const rows = new Map<number, LanguageRow>();
      for (const { path, text } of texts) {
        const [k, part] = path;
        if (path.length !== 2 || typeof k !== 'number' || (part !== 'language' && part !== 'level'))
          return null;
        const row = rows.get(k) ?? { language: '', level: '' };
        row[part] = text;
        rows.set(k, row);
      }
      return {
        kind: 'language',
        value: [...rows.entries()].sort(([a], [b]) => a - b).map(([, row]) => row),
      };
    }
    case 'salary': {
      if (texts.length === 0) return { kind: 'empty' };
      const salary = { min: '', max: '', currency: '' };
      for (const { path, text } of texts) {
        const [part] = path;
        if (path.length !== 1 || (part !== 'min' && part !== 'max' && part !== 'currency')) return null;
        salary[part] = text;
      }
      return { kind: 'salary', value: salary };
    }
    case 'files': {
      if (texts.length > 0) return null;
      const [only] = files;
      if (files.length === 1 && only && only.path.length === 0) return { kind: 'files', value: [only.file] };
      const items: { k: number; file: FileFacts }[] = [];
      for (const { path, file } of files) {
        const [k] = path;
        if (path.length !== 1 || typeof k !== 'number') return null;
        items.push({ k, file });
      }
      return { kind: 'files', value: items.sort((a, b) => a.k - b.k).map((item) => item.file) };
    }
  }
}

/**
 * Reads a submission's parts back into answers, one per field definition. Total: unknown names are
 * ignored, and a field whose parts have the wrong shape, whose `type` differs from the definition, or whose
 * `value` differs from the definition's gets an issue (at 'fields.N.input_value') and an 'empty' answer.
 *
 * `issues` holds only these shape problems: run `validateAnswers` on `answers` too, and let these issues
 * win for the same path.
 */
export function decodeResponseBody(
  textEntries: readonly [string, string][],
  fileEntries: readonly { name: string; file: FileFacts }[],
  fields: readonly FormField[],
): {
  source: string;
  cacheId: string;
  captchaToken: string | null;
  answers: FieldAnswer[];
  issues: Record<string, ValidationIssue>;
} {
  let source: string | null = null;
  let cacheId: string | null = null;
  let captchaToken: string | null = null;
  const byField = new Map<number, FieldParts>();
  const getParts = (index: number): FieldParts => {
    let parts = byField.get(index);
    if (!parts) {
      parts = { types: [], values: [], inputs: [], isMalformed: false };
      byField.set(index, parts);
    }
    return parts;
  };

  const addPart = (name: string, content: InputPart['content']): void => {
    const segments = parseBracketName(name);
    if (!segments) return;
    if (segments[0] !== 'fields') return;
    const [, index, key, ...path] = segments;
    if (typeof index !== 'number' || index >= fields.length) return;
    if (key !== 'type' && key !== 'value' && key !== 'input_value') return;
    const parts = getParts(index);
    if ('text' in content && content.text.includes(NUL)) {
      parts.isMalformed = true;
    } else if (key === 'input_value') {
      parts.inputs.push({ path, content });
    } else if (path.length > 0 || !('text' in content)) {
      parts.isMalformed = true;
    } else {
      (key === 'type' ? parts.types : parts.values).push(content.text);
    }
  };

  for (const [name, text] of textEntries) {
    // The first of a repeated top-level name wins; the browser never repeats them.
    // `source` comes from the careers page's own link (?source=…), which anyone can write: a NUL
    // there must not cost the candidate the application, so it is dropped rather than refused.
    if (name === 'source') source ??= text.replaceAll(NUL, '');
    // A cache id with a NUL was never issued by the server: as good as none.
    else if (name === 'cache_id') cacheId ??= text.includes(NUL) ? '' : text;
    else if (name === 'g_recaptcha_response') captchaToken ??= text === '' ? null : text;
    else addPart(name, { text });
  }
  for (const { name, file } of fileEntries) addPart(name, { file });

  const answers: FieldAnswer[] = [];
  const issues: Record<string, ValidationIssue> = {};
  fields.forEach((field, index) => {
    const parts = byField.get(index) ?? { types: [], values: [], inputs: [], isMalformed: false };
    const expectedValue = field.value === null || field.value === undefined ? null : String(field.value);
    const isTypeOk = parts.types.length === 1 && parts.types[0] === field.type;
    const isValueOk =
      expectedValue === null || (parts.values.length === 1 && parts.values[0] === expectedValue);
    const answer =
      parts.isMalformed || !isTypeOk || !isValueOk ? null : decodeInputParts(field, parts.inputs);
    if (answer) {
      answers.push(answer);
    } else {
      answers.push({ kind: 'empty' });
      issues[getFieldIssuePath(index)] = { key: ISSUE_KEYS.invalidValue };
    }
  });

  return { source: source ?? '', cacheId: cacheId ?? '', captchaToken, answers, issues };
}
