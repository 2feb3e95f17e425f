import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { FormField, InputType } from '../schemas/form';
import { convertValueToAnswer, type FieldValue, type FileLike } from '../validation/form-values';
import { getFileExtension } from '../validation/input-helpers';
import type { FileFacts } from '../validation/rules';
import { decodeResponseBody, encodeResponse, type FormEntry, parseBracketName } from './response-form';

function makeField(input_type: InputType, overrides: Partial<FormField> = {}): FormField {
  return {
    name: 'Field',
    type: 'custom_property',
    input_type,
    required: false,
    validation: null,
    input_meta: null,
    ...overrides,
  };
}

const file = (name: string, size = 2048, lastModified = 1): FileLike => ({ name, size, lastModified });

/** What a multipart parser hands the server: text parts, and file parts with their facts. */
function splitEntries(entries: FormEntry[]): {
  texts: [string, string][];
  files: { name: string; file: FileFacts }[];
} {
  const texts: [string, string][] = [];
  const files: { name: string; file: FileFacts }[] = [];
  for (const [name, value] of entries) {
    if (typeof value === 'string') texts.push([name, value]);
    else
      files.push({
        name,
        file: { name: value.fileName, size: value.file.size, format: getFileExtension(value.fileName) },
      });
  }
  return { texts, files };
}

function roundTrip(fields: FormField[], values: FieldValue[]) {
  const entries = encodeResponse({ source: 'linkedin', cacheId: 'abc', captchaToken: 'tok', fields, values });
  const { texts, files } = splitEntries(entries);
  return decodeResponseBody(texts, files, fields);
}

const languages = {
  options: [
    {
      id: 10,
      name: 'English',
      meta: [
        { id: 1, name: 'B2' },
        { id: 2, name: 'C1' },
      ],
    },
    { id: 11, name: 'Polish', meta: [{ id: 3, name: 'A1' }] },
  ],
};
const currencies = {
  options: [
    { id: 7, name: 'EUR (€)' },
    { id: 8, name: 'USD ($)' },
  ],
};
const choices = {
  options: [
    { id: 1, name: 'One' },
    { id: 2, name: 'Two' },
    { id: 3, name: 'Three' },
  ],
};

/** One case per field kind (and per interesting shape), each with its exact expected entries. */
const cases: { label: string; field: FormField; value: FieldValue; entries: FormEntry[] }[] = [
  {
    label: 'text',
    field: makeField('text', { type: 'name' }),
    value: { kind: 'text', text: 'Ada' },
    entries: [
      ['fields[0][type]', 'name'],
      ['fields[0][input_value]', 'Ada'],
    ],
  },
  {
    label: 'empty text',
    field: makeField('textarea', { type: 'cover_letter' }),
    value: { kind: 'text', text: '' },
    entries: [
      ['fields[0][type]', 'cover_letter'],
      ['fields[0][input_value]', ''],
    ],
  },
  {
    label: 'custom field with value',
    field: makeField('number', { value: 42 }),
    value: { kind: 'text', text: '123' },
    entries: [
      ['fields[0][value]', '42'],
      ['fields[0][type]', 'custom_property'],
      ['fields[0][input_value]', '123'],
    ],
  },
  {
    label: 'date',
    field: makeField('date', { type: 'birthdate' }),
    value: { kind: 'date', date: '1990-05-01' },
    entries: [
      ['fields[0][type]', 'birthdate'],
      ['fields[0][input_value]', '1990-05-01'],
    ],
  },
  {
    label: 'select by name',
    field: makeField('select', { type: 'experience', input_meta: choices }),
    value: { kind: 'select', select: 'Two' },
    entries: [
      ['fields[0][type]', 'experience'],
      ['fields[0][input_value]', '2'],
    ],
  },
  {
    label: 'select raw',
    field: makeField('select', { input_meta: choices }),
    value: { kind: 'select', select: 'Four' },
    entries: [
      ['fields[0][type]', 'custom_property'],
      ['fields[0][input_value]', 'Four'],
    ],
  },
  {
    label: 'checkbox ticked',
    field: makeField('checkbox', { type: 'relocate' }),
    value: { kind: 'checkbox', checked: true },
    entries: [
      ['fields[0][type]', 'relocate'],
      ['fields[0][input_value]', 'true'],
    ],
  },
  {
    label: 'checkbox unticked',
    field: makeField('checkbox'),
    value: { kind: 'checkbox', checked: false },
    entries: [
      ['fields[0][type]', 'custom_property'],
      ['fields[0][input_value]', 'false'],
    ],
  },
  {
    label: 'checkbox_list',
    field: makeField('checkbox_list', { input_meta: choices }),
    value: { kind: 'checkbox_list', checkboxList: [3, 1] },
    entries: [
      ['fields[0][type]', 'custom_property'],
      ['fields[0][input_value][0]', '3'],
      ['fields[0][input_value][1]', '1'],
    ],
  },
  {
    label: 'checkbox_list none',
    field: makeField('checkbox_list', { input_meta: choices }),
    value: { kind: 'checkbox_list', checkboxList: [] },
    entries: [
      ['fields[0][type]', 'custom_property'],
      ['fields[0][input_value]', ''],
    ],
  },
  {
    label: 'multiselect',
    field: makeField('multiselect', { type: 'skills', input_meta: choices }),
    value: { kind: 'multiselect', multiselect: [2, 3] },
    entries: [
      ['fields[0][type]', 'skills'],
      ['fields[0][input_value][0]', '2'],
      ['fields[0][input_value][1]', '3'],
    ],
  },
  {
    label: 'multiselect none',
    field: makeField('multiselect', { input_meta: choices }),
    value: { kind: 'multiselect', multiselect: [] },
    entries: [['fields[0][type]', 'custom_property']],
  },
  {
    label: 'language',
    field: makeField('language', { type: 'languages', input_meta: languages }),
    value: {
      kind: 'language',
      languages: [
        { language: 10, level: 2 },
        { language: null, level: null },
        { language: 11, level: 3 },
      ],
    },
    entries: [
      ['fields[0][type]', 'languages'],
      ['fields[0][input_value][0][language]', '10'],
      ['fields[0][input_value][0][level]', '2'],
      ['fields[0][input_value][1][language]', '11'],
      ['fields[0][input_value][1][level]', '3'],
    ],
  },
  {
    label: 'salary',
    field: makeField('salary', { type: 'salary', input_meta: currencies }),
    value: { kind: 'salary', min: '1000', max: '', currency: 8 },
    entries: [
      ['fields[0][type]', 'salary'],
      ['fields[0][input_value][min]', '1000'],
      ['fields[0][input_value][max]', ''],
      ['fields[0][input_value][currency]', '8'],
    ],
  },
  {
    label: 'salary with unknown currency',
    field: makeField('salary', { input_meta: currencies }),
    value: { kind: 'salary', min: '', max: '5', currency: 99 },
    entries: [
      ['fields[0][type]', 'custom_property'],
      ['fields[0][input_value][min]', ''],
      ['fields[0][input_value][max]', '5'],
    ],
  },
];

const cv = file('cv.pdf');
const letter = file('letter.DOCX', 4096);
const fileCases: typeof cases = [
  {
    label: 'one file, maxFiles 1',
    field: makeField('files', { type: 'cv' }),
    value: { kind: 'files', files: [{ file: cv, error: '' }] },
    entries: [
      ['fields[0][type]', 'cv'],
      ['fields[0][input_value]', { file: cv, fileName: 'cv.pdf' }],
    ],
  },
  {
    label: 'one file, maxFiles 3',
    field: makeField('files', { type: 'files', input_meta: { maxFiles: 3 } }),
    value: { kind: 'files', files: [{ file: cv, error: '' }] },
    entries: [
      ['fields[0][type]', 'files'],
      ['fields[0][input_value][0]', { file: cv, fileName: 'cv.pdf' }],
    ],
  },
  {
    label: 'two files',
    field: makeField('files', { input_meta: { maxFiles: 3 } }),
    value: {
      kind: 'files',
      files: [
        { file: cv, error: '' },
        { file: letter, error: '' },
      ],
    },
    entries: [
      ['fields[0][type]', 'custom_property'],
      ['fields[0][input_value][0]', { file: cv, fileName: 'cv.pdf' }],
      ['fields[0][input_value][1]', { file: letter, fileName: 'letter.DOCX' }],
    ],
  },
  {
    label: 'no files',
    field: makeField('files', { type: 'cv' }),
    value: { kind: 'files', files: [] },
    entries: [['fields[0][type]', 'cv']],
  },
];

describe('encodeResponse', () => {
  it('sends source, cache_id and the captcha token only when present', () => {
    const base = { source: '', cacheId: '', fields: [], values: [] };
    expect(encodeResponse({ ...base, captchaToken: 'tok' })).toEqual([
      ['source', ''],
      ['cache_id', ''],
      ['g_recaptcha_response', 'tok'],
    ]);
    expect(encodeResponse({ ...base, captchaToken: '' })).toHaveLength(2);
    expect(encodeResponse({ ...base, captchaToken: null })).toHaveLength(2);
  });

  it.each([...cases, ...fileCases])('$label: uses the exact multipart names', ({ field, value, entries }) => {
    const encoded = encodeResponse({ source: 's', cacheId: 'c', fields: [field], values: [value] });
    expect(encoded.slice(2)).toEqual(entries);
  });
});

describe('round trip', () => {
  it.each([...cases, ...fileCases])(
    '$label: decode(encode(value)) gives the browser-side answer',
    ({ field, value }) => {
      const decoded = roundTrip([field], [value]);
      expect(decoded.issues).toEqual({});
      expect(decoded.answers).toEqual([convertValueToAnswer(field, value)]);
    },
  );

  it('keeps a whole form of every kind together, with top-level parts', () => {
    const all = [...cases, ...fileCases];
    const decoded = roundTrip(
      all.map((c) => c.field),
      all.map((c) => c.value),
    );
    expect(decoded).toMatchObject({ source: 'linkedin', cacheId: 'abc', captchaToken: 'tok', issues: {} });
    expect(decoded.answers).toEqual(all.map((c) => convertValueToAnswer(c.field, c.value)));
  });
});

describe('parseBracketName', () => {
  it('splits bracketed names and turns indexes into numbers', () => {
    expect(parseBracketName('fields[3][input_value][0][level]')).toEqual([
      'fields',
      3,
      'input_value',
      0,
      'level',
    ]);
    expect(parseBracketName('source')).toEqual(['source']);
    expect(parseBracketName('fields[199][type]')).toEqual(['fields', 199, 'type']);
    // Only canonical indexes are numbers; the decoder ignores anything else in an index position.
    expect(parseBracketName('fields[01][type]')).toEqual(['fields', '01', 'type']);
    expect(parseBracketName('fields[-1]')).toEqual(['fields', '-1']);
    expect(parseBracketName('fields[1e3]')).toEqual(['fields', '1e3']);
  });
  it.each([
    'fields[200][type]',
    'fields[3][input_value][0][level][x]',
    'fields[]',
    'fields[3',
    'fields3]',
    '[3]',
    'fields[3]x',
    'fields[[3]]',
    '',
    'fields[a b]',
  ])('rejects %j', (name) => {
    expect(parseBracketName(name)).toBeNull();
  });
});

describe('decodeResponseBody', () => {
  const text = makeField('text', { type: 'name' });
  const decodeOne = (
    field: FormField,
    texts: [string, string][],
    files: { name: string; file: FileFacts }[] = [],
  ) => decodeResponseBody(texts, files, [field]);

  it('ignores unknown names and fields beyond the form', () => {
    const decoded = decodeOne(text, [
      ['fields[0][type]', 'name'],
      ['fields[0][input_value]', 'Ada'],
      ['fields[0][extra]', 'x'],
      ['fields[5][type]', 'name'],
      ['other', 'x'],
      ['fields[999][type]', 'x'],
    ]);
    expect(decoded.answers).toEqual([{ kind: 'text', value: 'Ada' }]);
    expect(decoded.issues).toEqual({});
  });

  it('defaults missing top-level parts and treats an empty captcha as none', () => {
    const decoded = decodeResponseBody([['g_recaptcha_response', '']], [], []);
    expect(decoded).toEqual({ source: '', cacheId: '', captchaToken: null, answers: [], issues: {} });
  });

  it('decodes a field with nothing sent as empty', () => {
    const decoded = decodeOne(text, [['fields[0][type]', 'name']]);
    expect(decoded.answers).toEqual([{ kind: 'empty' }]);
    expect(decoded.issues).toEqual({});
  });

  const invalid = { 'fields.0.input_value': { key: 'validation.invalid_value' } };
  it.each<[string, FormField, [string, string][]]>([
    ['a missing type', text, [['fields[0][input_value]', 'Ada']]],
    [
      'another type',
      text,
      [
        ['fields[0][type]', 'email'],
        ['fields[0][input_value]', 'Ada'],
      ],
    ],
    [
      'a repeated type',
      text,
      [
        ['fields[0][type]', 'name'],
        ['fields[0][type]', 'name'],
      ],
    ],
    ['a nested type', text, [['fields[0][type][0]', 'name']]],
    [
      'a repeated text value',
      text,
      [
        ['fields[0][type]', 'name'],
        ['fields[0][input_value]', 'a'],
        ['fields[0][input_value]', 'b'],
      ],
    ],
    [
      'a list for a text field',
      text,
      [
        ['fields[0][type]', 'name'],
        ['fields[0][input_value][0]', 'a'],
      ],
    ],
    [
      'a checkbox other than true/false',
      makeField('checkbox'),
      [
        ['fields[0][type]', 'custom_property'],
        ['fields[0][input_value]', 'yes'],
      ],
    ],
    [
      'a salary part not min/max/currency',
      makeField('salary'),
      [
        ['fields[0][type]', 'custom_property'],
        ['fields[0][input_value][avg]', '1'],
      ],
    ],
    [
      'a language row part not language/level',
      makeField('language'),
      [
        ['fields[0][type]', 'custom_property'],
        ['fields[0][input_value][0][name]', '1'],
      ],
    ],
    [
      'a language row without an index',
      makeField('language'),
      [
        ['fields[0][type]', 'custom_property'],
        ['fields[0][input_value][language]', '1'],
      ],
    ],
    [
      'a list item with a named key',
      makeField('multiselect'),
      [
        ['fields[0][type]', 'custom_property'],
        ['fields[0][input_value][a]', '1'],
      ],
    ],
    [
      'text under a files field',
      makeField('files'),
      [
        ['fields[0][type]', 'custom_property'],
        ['fields[0][input_value]', 'cv.pdf'],
      ],
    ],
    [
      'a missing custom value',
      makeField('text', { value: 5 }),
      [
        ['fields[0][type]', 'custom_property'],
        ['fields[0][input_value]', 'a'],
      ],
    ],
    [
      'another custom value',
      makeField('text', { value: 5 }),
      [
        ['fields[0][value]', '6'],
        ['fields[0][type]', 'custom_property'],
        ['fields[0][input_value]', 'a'],
      ],
    ],
  ])('flags %s as an invalid value with an empty answer', (_label, field, texts) => {
    const decoded = decodeOne(field, texts);
    expect(decoded.issues).toEqual(invalid);
    expect(decoded.answers).toEqual([{ kind: 'empty' }]);
  });

  it('flags a file sent to a text field', () => {
    const decoded = decodeOne(
      text,
      [['fields[0][type]', 'name']],
      [{ name: 'fields[0][input_value]', file: { name: 'a.pdf', size: 2000, format: 'pdf' } }],
    );
    expect(decoded.issues).toEqual(invalid);
  });

  it('orders list items and files by index, not by arrival', () => {
    const decoded = decodeResponseBody(
      [
        ['fields[0][type]', 'custom_property'],
        ['fields[0][input_value][1]', 'b'],
        ['fields[0][input_value][0]', 'a'],
        ['fields[1][type]', 'custom_property'],
      ],
      [
        { name: 'fields[1][input_value][1]', file: { name: 'two.pdf', size: 2000, format: 'pdf' } },
        { name: 'fields[1][input_value][0]', file: { name: 'one.pdf', size: 2000, format: 'pdf' } },
      ],
      [makeField('multiselect'), makeField('files', { input_meta: { maxFiles: 2 } })],
    );
    expect(decoded.answers).toEqual([
      { kind: 'list', value: ['a', 'b'] },
      {
        kind: 'files',
        value: [
          { name: 'one.pdf', size: 2000, format: 'pdf' },
          { name: 'two.pdf', size: 2000, format: 'pdf' },
        ],
      },
    ]);
  });

  it('never throws, whatever the names and values', () => {
    const fields = [...cases, ...fileCases].map((c) => c.field);
    const segment = fc.oneof(
      fc.constantFrom(
        'fields',
        'type',
        'value',
        'input_value',
        'min',
        'max',
        'currency',
        'language',
        'level',
      ),
      fc.nat({ max: 30 }).map(String),
      fc.string({ maxLength: 4 }),
    );
    const name = fc
      .tuple(segment, fc.array(segment, { maxLength: 5 }))
      .map(([head, rest]) => head + rest.map((s) => `[${s}]`).join(''));
    const facts = fc.record({
      name: fc.string(),
      size: fc.nat(),
      format: fc.option(fc.string(), { nil: null }),
    });
    fc.assert(
      fc.property(
        fc.array(fc.tuple(name, fc.string({ maxLength: 6 })), { maxLength: 30 }),
        fc.array(fc.record({ name, file: facts }), { maxLength: 5 }),
        (texts, files) => {
          const decoded = decodeResponseBody(texts, files, fields);
          expect(decoded.answers).toHaveLength(fields.length);
        },
      ),
      { numRuns: 300 },
    );
  });
});
