import fc from 'fast-check';
import { buildRawMultipart, type RawPart } from './raw-multipart';

// Generators of hostile input for the public API: query strings, path ids, headers, multipart bodies
// and files. Everything is bytes a real client could put on the wire (a request target of visible
// ASCII, header values of latin1), so what they find is reachable in production.

/** Values that broke parsers, coercions or databases somewhere before. */
export const INTERESTING_STRINGS: readonly string[] = [
  '',
  ' ',
  '0',
  '-1',
  '1',
  '1.5',
  '1e3',
  '1e309',
  '-0',
  '0x10',
  '0b1',
  '+1',
  ' 2 ',
  '00000001',
  '2147483648',
  '9007199254740993',
  '99999999999999999999999',
  'NaN',
  'Infinity',
  '-Infinity',
  'null',
  'undefined',
  'true',
  'false',
  '[]',
  '{}',
  '[object Object]',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  "' OR '1'='1",
  '1; DROP TABLE vacancies; --',
  '\\',
  '%',
  '%s%s%s%n',
  // A template placeholder, meant literally.
  // biome-ignore lint/suspicious/noTemplateCurlyInString: the text is the payload
  '${7*7}',
  '{{7*7}}',
  '<script>alert(1)</script>',
  '../../../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '\u0000',
  'a\u0000b',
  '\uFEFF',
  'cv\u202Efdp.exe',
  '\uD800',
  '\uDFFF',
  'a\uD83D',
  '\uFFFE',
  '\uFFFF',
  'ß',
  'İ',
  '\uFB00',
  '𝔘𝔫𝔦',
  '👩‍👩‍👧‍👦',
  'Ω'.repeat(100),
  '2024-02-30',
  '0000-00-00',
  '9999-12-31',
  '1990-05-17T00:00:00Z',
  '+380501234567',
  'olena@example.com',
  'https://olena.dev',
  'javascript:alert(1)',
  'en',
  'uk',
  'ru',
  'xx',
];

/** Byte sequences that are not UTF-8: overlong encodings, surrogates, stray continuation bytes. */
export const INVALID_UTF8: readonly number[][] = [
  [0xc0, 0xaf],
  [0xc0, 0x80],
  [0xe0, 0x80, 0xaf],
  [0xf0, 0x80, 0x80, 0xaf],
  [0xf8, 0x88, 0x80, 0x80, 0x80],
  [0xed, 0xa0, 0x80],
  [0xed, 0xbf, 0xbf],
  [0xf4, 0x90, 0x80, 0x80],
  [0xff, 0xfe],
  [0x80],
  [0xbf, 0xbf],
  [0xe2, 0x82],
  [0xfe],
];

const PATH_TRAVERSAL_NAMES: readonly string[] = [
  '../../../../etc/passwd',
  '..\\..\\..\\windows\\win.ini',
  '/etc/passwd',
  'C:\\boot.ini',
  '....//....//x.pdf',
  '%2e%2e%2f%2e%2e%2fcv.pdf',
  '..%c0%af..%c0%afcv.pdf',
  '..',
  '.',
  '',
  ' ',
  'cv.pdf\u0000.exe',
  '\u0000',
  'cv\u202Efdp.exe',
  'CON',
  'NUL.pdf',
  '.htaccess',
  'cv.pdf;.exe',
  'a'.repeat(1_000),
  'файл резюме.pdf',
  'cv"; name="fields[0][input_value]',
];

/** `arb` one time in `oneIn`, otherwise undefined. */
export function rarely<T>(arb: fc.Arbitrary<T>, oneIn: number): fc.Arbitrary<T | undefined> {
  return fc.oneof({ arbitrary: fc.constant(undefined), weight: oneIn - 1 }, { arbitrary: arb, weight: 1 });
}

/** Node answers a request line longer than its 16 KiB header limit with 431 before any app code runs. */
const MAX_QUERY_LENGTH = 15_000;

const anyCodeUnit = fc.nat(0xffff).map((code) => String.fromCharCode(code));
const visibleAscii = fc.integer({ min: 0x21, max: 0x7e }).map((code) => String.fromCharCode(code));
const latin1Char = fc
  .oneof(fc.integer({ min: 0x20, max: 0x7e }), fc.integer({ min: 0x80, max: 0xff }))
  .map((code) => String.fromCharCode(code));

/** Text of every kind: any UTF-16 code units (lone surrogates too), graphemes, known troublemakers, long runs. */
export const oddText: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.string({ unit: anyCodeUnit, maxLength: 40 }), weight: 4 },
  { arbitrary: fc.string({ unit: 'grapheme', maxLength: 20 }), weight: 2 },
  { arbitrary: fc.constantFrom(...INTERESTING_STRINGS), weight: 4 },
  {
    arbitrary: fc
      .tuple(fc.constantFrom('x', '9', 'я', '\u0000', '%', '<'), fc.integer({ min: 200, max: 3_000 }))
      .map(([char, count]) => char.repeat(count)),
    weight: 1,
  },
);

function toHexByte(byte: number): string {
  return `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
}

/** Percent-encodes every byte outside the unreserved set (RFC 3986). */
export function percentEncode(bytes: Uint8Array): string {
  let out = '';
  for (const byte of bytes) {
    const char = String.fromCharCode(byte);
    out += /[A-Za-z0-9\-._~]/.test(char) ? char : toHexByte(byte);
  }
  return out;
}

const percentBytes = fc
  .uint8Array({ minLength: 1, maxLength: 16 })
  .map((bytes) => [...bytes].map(toHexByte).join(''));
const brokenPercent = fc.constantFrom(
  '%',
  '%%',
  '%z',
  '%zz',
  '%G0',
  '%0',
  '%%41',
  '%u0041',
  '%E2%82',
  '%C0%AF',
  '%E0%80%AF',
  '%ED%A0%80',
  '%F4%90%80%80',
  '%00',
  '%0D%0A',
  '%25',
  '%2525',
);
const invalidUtf8Encoded = fc.constantFrom(...INVALID_UTF8).map((bytes) => bytes.map(toHexByte).join(''));

/** One component of a request target: encoded text, raw percent bytes, broken escapes or raw ASCII. */
const urlComponent: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: oddText.map((text) => percentEncode(Buffer.from(text, 'utf8'))), weight: 5 },
  { arbitrary: percentBytes, weight: 2 },
  { arbitrary: brokenPercent, weight: 1 },
  { arbitrary: invalidUtf8Encoded, weight: 1 },
  { arbitrary: fc.string({ unit: visibleAscii, maxLength: 30 }), weight: 3 },
);

const KNOWN_QUERY_KEYS = ['page', 'per_page', 'search', 'residence', 'work_types', 'lang', 'source'] as const;
const bracketSegment = fc.oneof(
  fc.constantFrom('', '0', '1', 'a', '__proto__', 'constructor', 'prototype', '-1', '999999999'),
  fc.string({ unit: fc.constantFrom('a', 'b', '0', '9', '_', '%5B', '%5D'), maxLength: 6 }),
);

/** `a[b][c]…`, thousands of levels deep, balanced or not. */
const deepBracketKey: fc.Arbitrary<string> = fc.oneof(
  fc
    .tuple(fc.constantFrom(...KNOWN_QUERY_KEYS, 'a', 'fields'), fc.array(bracketSegment, { maxLength: 40 }))
    .map(([base, segments]) => `${base}${segments.map((s) => `[${s}]`).join('')}`),
  fc
    .tuple(
      fc.constantFrom(...KNOWN_QUERY_KEYS, 'a'),
      fc.constantFrom('[x]', '[', ']', '[]', '[[', ']]', '%5B0%5D'),
      fc.integer({ min: 50, max: 2_000 }),
    )
    .map(([base, piece, depth]) => `${base}${piece.repeat(depth)}`),
);

const queryKey: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.constantFrom(...KNOWN_QUERY_KEYS, '__proto__', 'constructor', 'prototype'), weight: 4 },
  { arbitrary: urlComponent, weight: 2 },
  { arbitrary: deepBracketKey, weight: 2 },
);
const queryValue: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: urlComponent, weight: 5 },
  {
    arbitrary: fc
      .constantFrom(...INTERESTING_STRINGS)
      .map((text) => percentEncode(Buffer.from(text, 'utf8'))),
    weight: 3,
  },
  { arbitrary: fc.integer({ min: -1_000_000, max: 1_000_000 }).map(String), weight: 2 },
);

const queryPair = fc
  .tuple(queryKey, fc.option(queryValue, { nil: undefined, freq: 6 }))
  .map(([key, value]) => (value === undefined ? key : `${key}=${value}`));
const repeatedKey = fc
  .tuple(
    fc.constantFrom(...KNOWN_QUERY_KEYS),
    fc.array(queryValue, { minLength: 1, maxLength: 3 }),
    fc.integer({ min: 2, max: 300 }),
  )
  .map(([key, values, count]) =>
    Array.from({ length: count }, (_, i) => `${key}=${values[i % values.length]}`).join('&'),
  );

/** A query string (without '?'): random pairs, repeated keys, deep brackets, odd separators. */
export const queryStringArb: fc.Arbitrary<string> = fc
  .tuple(
    fc.array(fc.oneof({ arbitrary: queryPair, weight: 6 }, { arbitrary: repeatedKey, weight: 1 }), {
      maxLength: 10,
    }),
    fc.constantFrom('&', '&', '&', '&&', ';', '&amp;'),
  )
  // Cutting may split a %XX escape: one more kind of broken input.
  .map(([pairs, separator]) => pairs.join(separator).slice(0, MAX_QUERY_LENGTH));

/** A path segment where a vacancy id goes. */
export function pathIdArb(existingIds: readonly number[]): fc.Arbitrary<string> {
  return fc.oneof(
    { arbitrary: fc.constantFrom(...existingIds.map(String)), weight: 3 },
    { arbitrary: fc.integer().map(String), weight: 2 },
    { arbitrary: fc.bigInt({ min: -(10n ** 40n), max: 10n ** 40n }).map(String), weight: 1 },
    { arbitrary: fc.double().map(String), weight: 1 },
    {
      arbitrary: fc
        .constantFrom(...INTERESTING_STRINGS)
        .map((text) => percentEncode(Buffer.from(text, 'utf8'))),
      weight: 2,
    },
    // A real client cannot put '/', '?' or '#' raw into one segment; their encodings are covered above.
    {
      arbitrary: fc
        .string({ unit: visibleAscii, minLength: 1, maxLength: 40 })
        .filter((s) => !/[/?#]/.test(s)),
      weight: 2,
    },
    { arbitrary: percentBytes, weight: 1 },
    { arbitrary: brokenPercent, weight: 1 },
    { arbitrary: fc.integer({ min: 150, max: 400 }).map((n) => '9'.repeat(n)), weight: 1 },
  );
}

const headerText = fc.string({ unit: latin1Char, maxLength: 120 });
const hostArb = fc.oneof(
  fc.constantFrom(
    'localhost',
    'LOCALHOST:80',
    '127.0.0.1:3000',
    '[::1]:3000',
    '[::1',
    '::1',
    'a'.repeat(300),
    'evil.example@localhost',
    'localhost:99999',
    'localhost:abc',
    '.',
    '..',
    'xn--80ak6aa92e.com',
    'company-1.test',
    'localhost/../admin',
    'localhost\\x',
  ),
  fc.string({ unit: visibleAscii, minLength: 1, maxLength: 60 }),
);

/**
 * Request headers a client controls: language, cookies, host, proxies, idempotency, caching. Each one
 * is present now and then (an unknown Host costs a company lookup, so it comes less often).
 */
export const publicHeadersArb: fc.Arbitrary<Record<string, string>> = fc
  .record({
    'accept-language': rarely(
      fc.oneof(
        headerText,
        fc.constantFrom('uk', 'ru;q=0.9, en;q=0.8', '*', 'xx-YY', 'en-US,en;q=abc', ';;;,,,q=', 'uk;q=1e309'),
      ),
      3,
    ),
    cookie: rarely(
      fc.oneof(
        headerText,
        fc.constantFrom(
          `kadry_session=${'a'.repeat(5_000)}`,
          'kadry_session=%E0%A4%A',
          'a=b; kadry_session=; kadry_session=x',
          '=;=;=',
          '__proto__=1; constructor=2',
        ),
      ),
      4,
    ),
    host: rarely(hostArb, 8),
    'idempotency-key': rarely(fc.oneof(headerText, fc.string({ unit: visibleAscii, maxLength: 300 })), 4),
    'x-forwarded-for': rarely(headerText, 6),
    'x-forwarded-host': rarely(headerText, 6),
    'x-forwarded-proto': rarely(
      fc.oneof(headerText, fc.constantFrom('https', 'javascript', 'https, http')),
      6,
    ),
    'x-request-id': rarely(headerText, 6),
    'if-none-match': rarely(headerText, 6),
    accept: rarely(fc.oneof(headerText, fc.constantFrom('text/html', 'application/json', '*/*')), 6),
  })
  // Absent headers, and empty ones (an empty Host is another kind of request altogether), are left out.
  .map(
    (headers) =>
      Object.fromEntries(
        Object.entries(headers).filter(([, value]) => value !== undefined && value !== ''),
      ) as Record<string, string>,
  );

/** What goes into a multipart part before it is framed. */
export type FormPart = {
  name: string;
  value: string | Uint8Array;
  file?: { fileName: string; contentType: string };
  /** Replaces the Content-Disposition line (and adds lines) when set. */
  headerLines?: string[];
};

const textValueArb: fc.Arbitrary<string | Uint8Array> = fc.oneof(
  { arbitrary: oddText, weight: 24 },
  {
    arbitrary: fc
      .tuple(fc.string({ maxLength: 8 }), fc.constantFrom(...INVALID_UTF8), fc.string({ maxLength: 8 }))
      .map(([a, bad, b]) => Buffer.concat([Buffer.from(a), Buffer.from(bad), Buffer.from(b)])),
    weight: 6,
  },
  { arbitrary: fc.uint8Array({ maxLength: 64 }), weight: 3 },
  // A NUL somewhere in otherwise ordinary text (PostgreSQL cannot store one).
  {
    arbitrary: fc
      .tuple(
        fc.constantFrom('Olena', 'olena@example.com', '+380501234567', '2000-01-01', '1', 'true', ''),
        fc.nat(),
      )
      .map(([text, at]) => {
        const i = at % (text.length + 1);
        return `${text.slice(0, i)}\u0000${text.slice(i)}`;
      }),
    weight: 4,
  },
  // The multipart field limit is 100,000 bytes: just under, at and over it.
  {
    arbitrary: fc.constantFrom(99_999, 100_000, 100_001, 150_000).map((n) => 'v'.repeat(n)),
    weight: 1,
  },
);

function createFileBytesArb(validFiles: readonly Uint8Array[]): fc.Arbitrary<Uint8Array> {
  return fc.oneof(
    { arbitrary: fc.constantFrom(...validFiles), weight: 3 },
    { arbitrary: fc.uint8Array({ maxLength: 3_000 }), weight: 2 },
    {
      arbitrary: fc
        .tuple(
          fc.constantFrom('%PDF-1.4\n', 'MZ', 'PK\u0003\u0004', '{\\rtf1', '\u00d0\u00cf\u0011\u00e0'),
          fc.uint8Array({ maxLength: 2_000 }),
        )
        .map(([magic, rest]) => Buffer.concat([Buffer.from(magic, 'latin1'), rest])),
      weight: 2,
    },
    { arbitrary: fc.constantFrom(1_023, 1_024).map((n) => Buffer.alloc(n, 0x61)), weight: 1 },
  );
}

const fileNameArb = fc.oneof(
  { arbitrary: fc.constantFrom(...PATH_TRAVERSAL_NAMES), weight: 3 },
  { arbitrary: oddText, weight: 2 },
  { arbitrary: fc.constantFrom('cv.pdf', 'cv.docx', 'resume.txt'), weight: 2 },
);
const contentTypeOfPart = fc.constantFrom(
  'application/pdf',
  'application/octet-stream',
  'text/plain; charset=utf-8',
  'text/html',
  'image/svg+xml',
  'multipart/mixed; boundary=inner',
  'x',
  '',
);

/** Names a part may claim: deep brackets, huge or odd indices, unknown names, header injection. */
function createPartNameArb(fieldCount: number): fc.Arbitrary<string> {
  const index = fc.oneof(
    fc.integer({ min: 0, max: Math.max(0, fieldCount - 1) }).map(String),
    fc.constantFrom('-1', '199', '200', '1000000', '01', '1.0', ' 1', '0x1', 'NaN', '__proto__', ''),
  );
  const key = fc.constantFrom('type', 'value', 'input_value', '__proto__', 'constructor', 'x', '');
  return fc.oneof(
    {
      arbitrary: fc
        .tuple(index, key, fc.array(bracketSegment, { maxLength: 6 }))
        .map(([i, k, rest]) => `fields[${i}][${k}]${rest.map((s) => `[${s}]`).join('')}`),
      weight: 5,
    },
    {
      arbitrary: fc
        .tuple(fc.integer({ min: 0, max: Math.max(0, fieldCount - 1) }), fc.integer({ min: 5, max: 500 }))
        .map(([i, depth]) => `fields[${i}][input_value]${'[0]'.repeat(depth)}`),
      weight: 1,
    },
    {
      arbitrary: fc.constantFrom('source', 'cache_id', 'g_recaptcha_response', 'fields', 'fields[]'),
      weight: 2,
    },
    { arbitrary: oddText, weight: 2 },
    { arbitrary: fc.integer({ min: 190, max: 260 }).map((n) => 'f'.repeat(n)), weight: 1 },
    {
      arbitrary: fc.constantFrom('a"\r\nContent-Type: text/html\r\nX: "', 'a\r\n\r\ninjected', 'a\u0000b'),
      weight: 1,
    },
  );
}

/** Header lines of a part that a browser never sends; `variant` picks one kind. */
function buildOddHeaderLines(variant: number, name: string): string[] {
  const variants: string[][] = [
    [`Content-Disposition: form-data; name="${name}"`, 'Content-Transfer-Encoding: base64'],
    [`Content-Disposition: attachment; name="${name}"`],
    [`Content-Disposition: form-data; name=${name}`],
    [`Content-Disposition: form-data; name="${name}"; name="other"`],
    [`Content-Disposition: form-data; name*=UTF-8''%C0%AF${encodeURIComponent(name)}`],
    [`Content-Disposition: form-data; name="${name}"; filename*=UTF-8''..%2F..%2Fpasswd`],
    ['Content-Type: text/plain'],
    ['garbage without a colon'],
    [`Content-Disposition: form-data; name="${name}"`, `X-Long: ${'h'.repeat(10_000)}`],
    [`Content-Disposition: form-data; name="${name}"`, ...Array.from({ length: 150 }, (_, i) => `X-${i}: v`)],
    [`CONTENT-DISPOSITION: FORM-DATA; NAME="${name}"`],
    [`Content-Disposition: form-data; name="${name}\u00ff\u00fe"`],
  ];
  return variants[variant % variants.length] ?? [];
}

type Mutation = (parts: FormPart[]) => FormPart[];

function createMutationArb(fieldCount: number, fileBytes: fc.Arbitrary<Uint8Array>): fc.Arbitrary<Mutation> {
  const at = fc.nat();
  const partName = createPartNameArb(fieldCount);
  return fc.oneof(
    // A value replaced by something odd.
    {
      arbitrary: fc.tuple(at, textValueArb).map(
        ([i, value]): Mutation =>
          (parts) => {
            const k = i % Math.max(1, parts.length);
            return parts.map((part, j) => (j === k ? { name: part.name, value } : part));
          },
      ),
      weight: 6,
    },
    // A part renamed.
    {
      arbitrary: fc.tuple(at, partName).map(
        ([i, name]): Mutation =>
          (parts) => {
            const k = i % Math.max(1, parts.length);
            return parts.map((part, j) => (j === k ? { ...part, name } : part));
          },
      ),
      weight: 4,
    },
    // A part repeated, up to 50 times.
    {
      arbitrary: fc.tuple(at, fc.integer({ min: 1, max: 50 })).map(
        ([i, count]): Mutation =>
          (parts) => {
            const part = parts[i % Math.max(1, parts.length)];
            return part ? [...parts, ...Array.from({ length: count }, () => part)] : parts;
          },
      ),
      weight: 2,
    },
    // A part dropped.
    {
      arbitrary: at.map(
        (i): Mutation =>
          (parts) =>
            parts.filter((_, j) => j !== i % Math.max(1, parts.length)),
      ),
      weight: 2,
    },
    // A text sent as a file, or a file as text.
    {
      arbitrary: fc.tuple(at, fileBytes, fileNameArb, contentTypeOfPart).map(
        ([i, bytes, fileName, contentType]): Mutation =>
          (parts) => {
            const k = i % Math.max(1, parts.length);
            return parts.map((part, j) =>
              j !== k
                ? part
                : part.file
                  ? { name: part.name, value: 'not a file' }
                  : { name: part.name, value: bytes, file: { fileName, contentType } },
            );
          },
      ),
      weight: 2,
    },
    // An extra file, under any name, with any file name.
    {
      arbitrary: fc.tuple(partName, fileBytes, fileNameArb, contentTypeOfPart).map(
        ([name, bytes, fileName, contentType]): Mutation =>
          (parts) => [...parts, { name, value: bytes, file: { fileName, contentType } }],
      ),
      weight: 2,
    },
    // An extra text part.
    {
      arbitrary: fc.tuple(partName, textValueArb).map(
        ([name, value]): Mutation =>
          (parts) => [...parts, { name, value }],
      ),
      weight: 2,
    },
    // Odd part headers.
    {
      arbitrary: fc.tuple(at, fc.nat()).map(
        ([i, variant]): Mutation =>
          (parts) => {
            const k = i % Math.max(1, parts.length);
            return parts.map((part, j) =>
              j === k ? { ...part, headerLines: buildOddHeaderLines(variant, part.name) } : part,
            );
          },
      ),
      weight: 1,
    },
  );
}

function toRawPart(part: FormPart): RawPart {
  if (part.headerLines) return { headers: part.headerLines, body: part.value };
  const headers = [
    part.file
      ? `Content-Disposition: form-data; name="${part.name}"; filename="${part.file.fileName}"`
      : `Content-Disposition: form-data; name="${part.name}"`,
  ];
  if (part.file && part.file.contentType !== '') headers.push(`Content-Type: ${part.file.contentType}`);
  return { headers, body: part.value };
}

const boundaryChar = fc.constantFrom(..."abcXYZ0189-_=+/:.'()?, ".split(''));
type Framing = {
  boundary: string;
  contentType: string;
  lineBreak: string;
  isUnterminated: boolean;
  /** Cut the body off at this fraction of its length. */
  truncateAt: number | undefined;
  /** [position, byte] pairs written over the body. */
  flips: [number, number][];
  preamble: string | undefined;
};

const framingArb: fc.Arbitrary<Framing> = fc.record({
  boundary: fc.oneof(
    { arbitrary: fc.string({ unit: boundaryChar, minLength: 1, maxLength: 70 }), weight: 6 },
    {
      arbitrary: fc.constantFrom(
        '----WebKitFormBoundary7MA4YWxkTrZu0gW',
        'a',
        '-',
        'x'.repeat(71),
        'x'.repeat(200),
      ),
      weight: 2,
    },
  ),
  contentType: fc.oneof(
    { arbitrary: fc.constant('ok'), weight: 12 },
    {
      arbitrary: fc.constantFrom(
        'wrong-boundary',
        'no-boundary',
        'empty-boundary',
        'quoted',
        'upper',
        'charset',
        'double-boundary',
        'mixed',
        'json',
        'text',
        'urlencoded',
        'octet',
        'none',
      ),
      weight: 4,
    },
  ),
  lineBreak: fc.oneof(
    { arbitrary: fc.constant('\r\n'), weight: 9 },
    { arbitrary: fc.constant('\n'), weight: 1 },
  ),
  isUnterminated: fc.oneof(
    { arbitrary: fc.constant(false), weight: 9 },
    { arbitrary: fc.constant(true), weight: 1 },
  ),
  truncateAt: rarely(fc.double({ min: 0, max: 1, noNaN: true }), 8),
  flips: fc.oneof(
    { arbitrary: fc.constant<[number, number][]>([]), weight: 8 },
    { arbitrary: fc.array(fc.tuple(fc.nat(), fc.nat(255)), { minLength: 1, maxLength: 4 }), weight: 2 },
  ),
  preamble: rarely(fc.string({ unit: latin1Char, maxLength: 40 }), 8),
});

function contentTypeFor(variant: string, boundary: string): string | undefined {
  switch (variant) {
    case 'ok':
      return `multipart/form-data; boundary=${boundary}`;
    case 'wrong-boundary':
      return `multipart/form-data; boundary=${boundary}x`;
    case 'no-boundary':
      return 'multipart/form-data';
    case 'empty-boundary':
      return 'multipart/form-data; boundary=';
    case 'quoted':
      return `multipart/form-data; boundary="${boundary}"`;
    case 'upper':
      return `MULTIPART/FORM-DATA; BOUNDARY=${boundary}`;
    case 'charset':
      return `multipart/form-data; charset=utf-16; boundary=${boundary}`;
    case 'double-boundary':
      return `multipart/form-data; boundary=other; boundary=${boundary}`;
    case 'mixed':
      return `multipart/mixed; boundary=${boundary}`;
    case 'json':
      return 'application/json';
    case 'text':
      return 'text/plain';
    case 'urlencoded':
      return 'application/x-www-form-urlencoded';
    case 'octet':
      return 'application/octet-stream';
    default:
      return undefined;
  }
}

export type HostileBody = { payload: Buffer; headers: Record<string, string> };

/** Shown by fast-check for a counterexample: the body as latin1 text, cut short, not a byte array. */
function withReadableForm(body: HostileBody): HostileBody {
  const text = body.payload.toString('latin1');
  const shown = text.length > 2_000 ? `${text.slice(0, 2_000)}… (${text.length} bytes)` : text;
  return Object.assign(body, {
    [fc.toStringMethod]: () => `${JSON.stringify(body.headers)} ${JSON.stringify(shown)}`,
  });
}

/** Frames parts into a body, then damages it as the framing options say. */
function frameParts(parts: readonly FormPart[], framing: Framing): HostileBody {
  let payload = buildRawMultipart(parts.map(toRawPart), {
    boundary: framing.boundary,
    lineBreak: framing.lineBreak,
    isUnterminated: framing.isUnterminated,
    ...(framing.preamble === undefined ? {} : { preamble: framing.preamble }),
  });
  if (framing.truncateAt !== undefined)
    payload = payload.subarray(0, Math.floor(payload.length * framing.truncateAt));
  if (framing.flips.length > 0 && payload.length > 0) {
    payload = Buffer.from(payload);
    for (const [position, byte] of framing.flips) payload[position % payload.length] = byte;
  }
  const contentType = contentTypeFor(framing.contentType, framing.boundary);
  return withReadableForm({
    payload,
    headers: contentType === undefined ? {} : { 'content-type': contentType },
  });
}

/** Bodies at the parser's count limits (2,000 fields, 40 files, 2,100 parts), just under and over. */
const limitBodyArb: fc.Arbitrary<FormPart[]> = fc.oneof(
  fc
    .integer({ min: 1_995, max: 2_005 })
    .map((count) =>
      Array.from({ length: count }, (_, i) => ({ name: `fields[0][input_value][${i % 200}]`, value: 'x' })),
    ),
  fc.integer({ min: 38, max: 42 }).map((count) =>
    Array.from({ length: count }, (_, i) => ({
      name: `fields[5][input_value][${i}]`,
      value: Buffer.alloc(16, i),
      file: { fileName: `f${i}.pdf`, contentType: 'application/pdf' },
    })),
  ),
);

/**
 * Submission bodies: a valid submission (`baseParts`) with 1–5 mutations, now and then a body of
 * random parts or one at the parser's limits, framed well or badly.
 */
export function createSubmissionBodyArb(opts: {
  baseParts: readonly FormPart[];
  fieldCount: number;
  validFiles: readonly Uint8Array[];
}): fc.Arbitrary<HostileBody> {
  const fileBytes = createFileBytesArb(opts.validFiles);
  const mutation = createMutationArb(opts.fieldCount, fileBytes);
  const partsArb: fc.Arbitrary<FormPart[]> = fc.oneof(
    // One change alone reaches deepest (it leaves the rest valid); several at once find interactions.
    {
      arbitrary: mutation.map((mutate) => mutate([...opts.baseParts])),
      weight: 6,
    },
    {
      arbitrary: fc
        .array(mutation, { minLength: 2, maxLength: 5 })
        .map((mutations) => mutations.reduce((parts, mutate) => mutate(parts), [...opts.baseParts])),
      weight: 4,
    },
    {
      arbitrary: fc.array(fc.record({ name: createPartNameArb(opts.fieldCount), value: textValueArb }), {
        maxLength: 20,
      }),
      weight: 2,
    },
    { arbitrary: limitBodyArb, weight: 1 },
  );
  return fc.tuple(partsArb, framingArb).map(([parts, framing]) => frameParts(parts, framing));
}

/** Damage to a file's bytes: flipped bytes, a cut, inserted junk. */
type ByteDamage = {
  flips: [number, number][];
  cutAt: number | undefined;
  insert: [number, Uint8Array] | undefined;
};

const byteDamageArb: fc.Arbitrary<ByteDamage> = fc.record({
  flips: fc.array(fc.tuple(fc.nat(), fc.nat(255)), { maxLength: 8 }),
  cutAt: rarely(fc.double({ min: 0, max: 1, noNaN: true }), 3),
  insert: rarely(fc.tuple(fc.nat(), fc.uint8Array({ minLength: 1, maxLength: 64 })), 3),
});

function damageBytes(base: Uint8Array, damage: ByteDamage): Buffer {
  let bytes = Buffer.from(base);
  if (damage.insert && bytes.length > 0) {
    const [position, junk] = damage.insert;
    const at = position % bytes.length;
    bytes = Buffer.concat([bytes.subarray(0, at), junk, bytes.subarray(at)]);
  }
  for (const [position, byte] of damage.flips) if (bytes.length > 0) bytes[position % bytes.length] = byte;
  if (damage.cutAt !== undefined) bytes = bytes.subarray(0, Math.floor(bytes.length * damage.cutAt));
  return bytes;
}

/** CV uploads: real documents damaged, random bytes behind every magic number, wrong framing. */
export function createCvUploadArb(fixtures: readonly Uint8Array[]): fc.Arbitrary<HostileBody> {
  const magic = fc.constantFrom(
    '%PDF-1.7\n',
    'PK\u0003\u0004',
    '{\\rtf1\\ansi ',
    '\u00d0\u00cf\u0011\u00e0\u00a1\u00b1\u001a\u00e1',
    '\u00ff\u00fe',
    '\u00ef\u00bb\u00bf',
    'MZ\u0090\u0000',
    '\u0089PNG\r\n\u001a\n',
    '\u001f\u008b\u0008',
    '',
  );
  const contents: fc.Arbitrary<Uint8Array> = fc.oneof(
    {
      arbitrary: fc
        .tuple(fc.constantFrom(...fixtures), byteDamageArb)
        .map(([base, damage]) => damageBytes(base, damage)),
      weight: 5,
    },
    {
      arbitrary: fc
        .tuple(magic, fc.uint8Array({ minLength: 0, maxLength: 4_000 }))
        .map(([head, rest]) => Buffer.concat([Buffer.from(head, 'latin1'), rest])),
      weight: 3,
    },
    {
      arbitrary: fc
        .tuple(oddText, fc.integer({ min: 1, max: 200 }))
        .map(([text, times]) => Buffer.from(text.repeat(times), 'utf8').subarray(0, 8_000)),
      weight: 2,
    },
  );
  const upload = fc.record({
    contents,
    fileName: fileNameArb,
    contentType: contentTypeOfPart,
    fieldName: fc.oneof(
      { arbitrary: fc.constant('cv'), weight: 8 },
      { arbitrary: fc.constantFrom('CV', 'cv[]', 'cv[0]', 'file', '', 'cv\u0000'), weight: 1 },
    ),
    extra: fc.oneof(
      { arbitrary: fc.constant<FormPart[]>([]), weight: 8 },
      {
        arbitrary: fc.constantFrom<FormPart[]>(
          [{ name: 'cv', value: 'text, not a file' }],
          [
            {
              name: 'cv',
              value: Buffer.from('second file'),
              file: { fileName: 'b.txt', contentType: 'text/plain' },
            },
          ],
          [{ name: 'other', value: 'x' }],
        ),
        weight: 2,
      },
    ),
    isTextFirst: fc.boolean(),
  });
  return fc.tuple(upload, framingArb).map(([u, framing]) => {
    const file: FormPart = {
      name: u.fieldName,
      value: u.contents,
      file: { fileName: u.fileName, contentType: u.contentType },
    };
    const parts = u.isTextFirst ? [...u.extra, file] : [file, ...u.extra];
    return frameParts(parts, framing);
  });
}

/** A replacement for one field's parts: nothing, one text, a list, a nested shape, or a file. */
export function createFieldAnswerArb(
  index: number,
  fileBytes: readonly Uint8Array[],
): fc.Arbitrary<FormPart[]> {
  const base = `fields[${index}][input_value]`;
  const subKey = fc.oneof(
    fc.nat(3).map(String),
    fc.constantFrom('min', 'max', 'currency', 'language', 'level', 'x', '__proto__'),
  );
  return fc.oneof(
    fc.constant<FormPart[]>([]),
    textValueArb.map((value) => [{ name: base, value }]),
    fc
      .array(fc.tuple(subKey, textValueArb), { minLength: 1, maxLength: 6 })
      .map((items) => items.map(([key, value]) => ({ name: `${base}[${key}]`, value }))),
    fc
      .array(fc.tuple(fc.nat(3), subKey, textValueArb), { minLength: 1, maxLength: 6 })
      .map((items) => items.map(([k, key, value]) => ({ name: `${base}[${k}][${key}]`, value }))),
    fc.tuple(createFileBytesArb(fileBytes), fileNameArb, fc.boolean()).map(([bytes, fileName, isListed]) => [
      {
        name: isListed ? `${base}[0]` : base,
        value: bytes,
        file: { fileName, contentType: 'application/pdf' },
      },
    ]),
  );
}

/** Frames well-formed parts the way a browser does. */
export function frameWellFormed(parts: readonly FormPart[]): HostileBody {
  const boundary = '----KadryFuzzBoundary7MA4YWxkTrZu0gW';
  return withReadableForm({
    payload: buildRawMultipart(parts.map(toRawPart), { boundary }),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
}
