import type { Readable } from 'node:stream';
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import yauzl, { type Entry, type ZipFile } from 'yauzl';

// The rows of an XLSX file's first sheet, read with a SAX parser whose callbacks build each row as
// its element ends. exceljs's streaming reader kept every parser event of a 64 kB piece of the sheet
// (~190 rows) until those rows were read, and in the server that garbage lived long enough to reach
// V8's old generation: ~90 MB for a 10,000-row dry run (docs/performance.md). Here nothing of a piece
// outlives its row: what waits is the finished rows' text.
//
// Cell values are read as a person sees them in the cell: shared and inline strings (rich text
// joined), numbers, booleans, a formula's cached result, and dates where the cell's number format is
// a date (the built-in date formats and any format with y, m, d, h, s or b outside quotes, brackets
// and escapes), as YYYY-MM-DD in the workbook's date system.

/** One row of a sheet: its number in the file (the header is 1) and its cells as text. */
export type XlsxRow = { row: number; cells: string[] };

/** The file is not an XLSX workbook this reader understands (a broken zip, XML that does not parse). */
export class UnreadableXlsxError extends Error {
  override name = 'UnreadableXlsxError';
}

/** Entries held in memory whole (the workbook, its rels, the styles, the shared strings) at most. */
const MAX_HELD_ENTRY_BYTES = 64 * 1024 * 1024;
/** The built-in number formats that are dates or times (ECMA-376 §18.8.30). */
const BUILT_IN_DATE_FORMATS = new Set([14, 15, 16, 17, 18, 19, 20, 21, 22, 45, 46, 47]);
/** Days from Excel's day 0 (1899-12-30 in the 1900 system) to the Unix epoch; the 1904 system adds 1462. */
const EXCEL_UNIX_EPOCH_DAYS = 25569;
const DAY_MS = 86_400_000;

async function readAll(source: Readable, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of source) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string);
    size += buffer.length;
    if (size > limit) throw new UnreadableXlsxError('the file is larger than an import may be');
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}

function openZip(buffer: Buffer): Promise<ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(
      buffer,
      { lazyEntries: true, decodeStrings: true, validateEntrySizes: true },
      (error, zip) =>
        error || !zip ? reject(new UnreadableXlsxError(error?.message ?? 'not a zip file')) : resolve(zip),
    );
  });
}

/** Every entry of the zip by its path (the central directory only: nothing is inflated here). */
function listEntries(zip: ZipFile): Promise<Map<string, Entry>> {
  return new Promise((resolve, reject) => {
    const entries = new Map<string, Entry>();
    zip.on('entry', (entry: Entry) => {
      entries.set(entry.fileName.replace(/^\/+/, ''), entry);
      zip.readEntry();
    });
    zip.once('end', () => resolve(entries));
    zip.once('error', (error: Error) => reject(new UnreadableXlsxError(error.message)));
    zip.readEntry();
  });
}

function openEntry(zip: ZipFile, entry: Entry): Promise<Readable> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (error, stream) =>
      error || !stream
        ? reject(new UnreadableXlsxError(error?.message ?? 'unreadable entry'))
        : resolve(stream),
    );
  });
}

/** Feeds an entry's XML to the parser chunk by chunk, yielding once each chunk's events have run. */
async function* parseEntry(zip: ZipFile, entry: Entry, parser: SaxesParser): AsyncGenerator<void> {
  const stream = await openEntry(zip, entry);
  stream.setEncoding('utf8');
  try {
    for await (const chunk of stream) {
      parser.write(chunk as string);
      yield;
    }
    parser.close();
  } catch (error) {
    if (error instanceof UnreadableXlsxError) throw error;
    throw new UnreadableXlsxError(error instanceof Error ? error.message : String(error));
  } finally {
    stream.destroy();
  }
}

/** Runs a parser over a whole entry (a small one: the workbook, rels, styles, shared strings). */
async function parseHeldEntry(zip: ZipFile, entry: Entry | undefined, parser: SaxesParser): Promise<void> {
  if (!entry) return;
  if (entry.uncompressedSize > MAX_HELD_ENTRY_BYTES) {
    throw new UnreadableXlsxError(`${entry.fileName} is too large`);
  }
  for await (const _ of parseEntry(zip, entry, parser)) {
    // The callbacks do the work.
  }
}

function newParser(): SaxesParser {
  // Namespace prefixes are kept in names ("r:id"); element names are compared without them.
  return new SaxesParser({ xmlns: false });
}

function localName(name: string): string {
  const colon = name.indexOf(':');
  return colon === -1 ? name : name.slice(colon + 1);
}

function attribute(node: SaxesTagPlain, name: string): string | undefined {
  const value = node.attributes[name];
  return typeof value === 'string' ? value : undefined;
}

/** The first sheet in the workbook's order, and whether the workbook counts dates from 1904. */
async function readWorkbook(
  zip: ZipFile,
  entries: Map<string, Entry>,
): Promise<{ sheetPath: string | null; isDate1904: boolean }> {
  let firstSheetRel: string | null = null;
  let isDate1904 = false;
  const workbook = newParser();
  workbook.on('opentag', (node) => {
    const name = localName(node.name);
    if (name === 'workbookPr') {
      const value = attribute(node, 'date1904');
      isDate1904 = value === '1' || value === 'true';
    } else if (name === 'sheet' && firstSheetRel === null) {
      const id = Object.entries(node.attributes).find(([key]) => localName(key) === 'id')?.[1];
      firstSheetRel = typeof id === 'string' ? id : null;
    }
  });
  await parseHeldEntry(zip, entries.get('xl/workbook.xml'), workbook);

  let sheetPath: string | null = null;
  if (firstSheetRel !== null) {
    const rels = newParser();
    rels.on('opentag', (node) => {
      if (localName(node.name) === 'Relationship' && attribute(node, 'Id') === firstSheetRel) {
        const target = attribute(node, 'Target') ?? '';
        sheetPath = target.startsWith('/') ? target.slice(1) : `xl/${target.replace(/^\.\//, '')}`;
      }
    });
    await parseHeldEntry(zip, entries.get('xl/_rels/workbook.xml.rels'), rels);
  }
  if (sheetPath === null || !entries.has(sheetPath)) {
    // No (readable) workbook part: the lowest-numbered sheet, as most writers name it.
    const sheets = [...entries.keys()]
      .map((path) => ({ path, number: /^xl\/worksheets\/sheet(\d+)\.xml$/.exec(path)?.[1] }))
      .filter((sheet): sheet is { path: string; number: string } => sheet.number !== undefined)
      .sort((a, b) => Number(a.number) - Number(b.number));
    sheetPath = sheets[0]?.path ?? null;
  }
  return { sheetPath, isDate1904 };
}

/**
 * Whether a number format shows a date or time: y, m, d, h, s or b outside quotes, brackets and
 * escapes, in either case (exceljs's rule, which missed LibreOffice's upper-case "DD.MM.YYYY").
 */
export function isDateFormat(code: string): boolean {
  const bare = code
    .replace(/\[[^\]]*]/g, '')
    .replace(/"[^"]*"/g, '')
    .replace(/\\./g, '');
  return /[ymdhsb]/i.test(bare);
}

/** Which cell styles (indexes into cellXfs) show their number as a date. */
async function readDateStyles(zip: ZipFile, entry: Entry | undefined): Promise<Set<number>> {
  const customDates = new Set<number>();
  const styles: number[] = [];
  let inCellXfs = false;
  const parser = newParser();
  parser.on('opentag', (node) => {
    const name = localName(node.name);
    if (name === 'numFmt') {
      const id = Number(attribute(node, 'numFmtId'));
      if (isDateFormat(attribute(node, 'formatCode') ?? '')) customDates.add(id);
    } else if (name === 'cellXfs') {
      inCellXfs = true;
    } else if (name === 'xf' && inCellXfs) {
      styles.push(Number(attribute(node, 'numFmtId') ?? 0));
    }
  });
  parser.on('closetag', (node) => {
    if (localName(node.name) === 'cellXfs') inCellXfs = false;
  });
  await parseHeldEntry(zip, entry, parser);
  const dates = new Set<number>();
  styles.forEach((format, index) => {
    if (BUILT_IN_DATE_FORMATS.has(format) || customDates.has(format)) dates.add(index);
  });
  return dates;
}

/** The shared strings, rich text runs joined (phonetic runs left out). */
async function readSharedStrings(zip: ZipFile, entry: Entry | undefined): Promise<string[]> {
  const strings: string[] = [];
  let current: string | null = null;
  let inText = false;
  let phoneticDepth = 0;
  const parser = newParser();
  parser.on('opentag', (node) => {
    const name = localName(node.name);
    if (name === 'si') current = '';
    else if (name === 'rPh') phoneticDepth += 1;
    else if (name === 't' && current !== null && phoneticDepth === 0) inText = true;
  });
  parser.on('text', (text) => {
    if (inText && current !== null) current += text;
  });
  parser.on('closetag', (node) => {
    const name = localName(node.name);
    if (name === 't') inText = false;
    else if (name === 'rPh') phoneticDepth -= 1;
    else if (name === 'si') {
      strings.push(current ?? '');
      current = null;
    }
  });
  await parseHeldEntry(zip, entry, parser);
  return strings;
}

/** "C12" → 3; null for anything else. */
function columnOf(reference: string | undefined): number | null {
  if (!reference) return null;
  let column = 0;
  for (const char of reference) {
    const code = char.charCodeAt(0);
    if (code >= 65 && code <= 90) column = column * 26 + (code - 64);
    else if (code >= 97 && code <= 122) column = column * 26 + (code - 96);
    else break;
  }
  return column > 0 ? column : null;
}

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

function isoDateOfSerial(serial: number, isDate1904: boolean): string {
  const date = new Date(Math.round((serial - EXCEL_UNIX_EPOCH_DAYS + (isDate1904 ? 1462 : 0)) * DAY_MS));
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
}

type CellState = { column: number; type: string; style: number; value: string; formula: boolean };

/**
 * The first sheet's rows, streamed (the zip itself is read into memory first: an import is at most
 * the upload limit, `maxBytes`). Rows are yielded in file order; a row's cells run from column A to
 * its last cell, gaps as ''.
 */
export async function* readXlsxSheetRows(source: Readable, maxBytes: number): AsyncGenerator<XlsxRow> {
  const buffer = await readAll(source, maxBytes);
  const zip = await openZip(buffer);
  try {
    const entries = await listEntries(zip);
    const { sheetPath, isDate1904 } = await readWorkbook(zip, entries);
    const sheet = sheetPath ? entries.get(sheetPath) : undefined;
    if (!sheet) return;
    const dateStyles = await readDateStyles(zip, entries.get('xl/styles.xml'));
    const sharedStrings = await readSharedStrings(zip, entries.get('xl/sharedStrings.xml'));

    const ready: XlsxRow[] = [];
    let rowNumber = 0;
    let cells: string[] | null = null;
    let cell: CellState | null = null;
    /** Where text goes: a cell's <v>, an inline string's <t>, or nowhere. */
    let textTarget: 'v' | 't' | null = null;
    let inInlineString = false;
    let phoneticDepth = 0;

    function textOfCell(state: CellState): string {
      const text = state.value;
      switch (state.type) {
        case 's':
          return (sharedStrings[Number.parseInt(text, 10)] ?? '').trim();
        case 'inlineStr':
        case 'str':
          return text.trim();
        case 'b':
          return text === '' ? '' : String(Number.parseInt(text, 10) !== 0);
        case 'e':
          return '';
        case 'd':
          return text.slice(0, 10);
        default: {
          if (text.trim() === '') return '';
          const number = Number.parseFloat(text);
          if (Number.isNaN(number)) return '';
          // A formula's result is its number even in a date format (as exceljs reads it).
          if (!state.formula && dateStyles.has(state.style)) return isoDateOfSerial(number, isDate1904);
          return String(number);
        }
      }
    }

    const parser = newParser();
    parser.on('opentag', (node) => {
      const name = localName(node.name);
      if (name === 'row') {
        const given = Number.parseInt(attribute(node, 'r') ?? '', 10);
        rowNumber = Number.isNaN(given) ? rowNumber + 1 : given;
        cells = [];
      } else if (name === 'c' && cells) {
        const column = columnOf(attribute(node, 'r')) ?? cells.length + 1;
        cell = {
          column,
          type: attribute(node, 't') ?? 'n',
          style: Number.parseInt(attribute(node, 's') ?? '0', 10) || 0,
          value: '',
          formula: false,
        };
      } else if (cell) {
        if (name === 'v') textTarget = 'v';
        else if (name === 'f') cell.formula = true;
        else if (name === 'is') inInlineString = true;
        else if (name === 'rPh') phoneticDepth += 1;
        else if (name === 't' && inInlineString && phoneticDepth === 0) textTarget = 't';
      }
    });
    parser.on('text', (text) => {
      if (cell && textTarget === 'v' && !inInlineString) cell.value += text;
      else if (cell && textTarget === 't') cell.value += text;
    });
    parser.on('closetag', (node) => {
      const name = localName(node.name);
      if (name === 'v' || name === 't') textTarget = null;
      else if (name === 'is') {
        inInlineString = false;
        if (cell) cell.type = 'inlineStr';
      } else if (name === 'rPh') phoneticDepth -= 1;
      else if (name === 'c' && cell && cells) {
        while (cells.length < cell.column - 1) cells.push('');
        cells[cell.column - 1] = textOfCell(cell);
        cell = null;
      } else if (name === 'row' && cells) {
        for (let index = 0; index < cells.length; index += 1) cells[index] ??= '';
        ready.push({ row: rowNumber, cells });
        cells = null;
      }
    });

    for await (const _ of parseEntry(zip, sheet, parser)) {
      // The piece's rows are finished: hand them over, keeping nothing else of it.
      yield* ready.splice(0);
    }
    yield* ready.splice(0);
  } finally {
    zip.close();
  }
}
