import { Readable } from 'node:stream';
import archiver from 'archiver';
import JSZip from 'jszip';

/** A table to export: a header row and data rows of plain text. */
export type ExportTable = { header: readonly string[]; rows: readonly (readonly string[])[] };

/** A signed number or a phone number (`+380501234567`, `-12.5`): a spreadsheet reads it as a number, never a formula. */
const SIGNED_NUMBER = /^[+-]\d+(?:[.,]\d+)?$/;

/**
 * Neutralises spreadsheet formulas in CSV (CSV / formula injection, OWASP): a cell that starts with
 * = + - @, a tab or a carriage return is prefixed with a single quote so Excel, LibreOffice and Sheets
 * show it as text instead of evaluating it. Only what a spreadsheet would evaluate: a phone number
 * starting with + (or a signed number) is left as it is, not corrupted with a quote.
 */
export function neutraliseFormula(cell: string): string {
  if (SIGNED_NUMBER.test(cell)) return cell;
  return /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell;
}

/** Quoted when it holds a quote, a line break or a separator: `;` too (Excel in ru/uk, and our import, read it as one). */
function quoteCsv(cell: string): string {
  return /[",;\r\n]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell;
}

/** One CSV line (RFC 4180, CRLF), every cell neutralised: for exports written row by row. */
export function writeCsvLine(cells: readonly string[]): string {
  return `${cells.map((cell) => quoteCsv(neutraliseFormula(cell))).join(',')}\r\n`;
}

/** RFC 4180 CSV with CRLF line ends and a BOM (so Excel reads UTF-8), every cell neutralised. */
export function writeCsv(table: ExportTable): string {
  const lines = [table.header, ...table.rows].map((row) =>
    row.map((cell) => quoteCsv(neutraliseFormula(cell))).join(','),
  );
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
/** What XML 1.0 cannot carry: control characters but tab and line ends, lone surrogates, U+FFFE/FFFF. */
const NOT_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

/** Escapes text for XML, dropping the characters XML 1.0 cannot carry. */
function escapeXml(text: string): string {
  return text.replace(NOT_XML, '').replace(/[&<>"]/g, (c) => XML_ESCAPES[c] ?? c);
}

function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) {
    name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  }
  return name;
}

/** One sheet row of inline strings; empty cells are left out. */
function rowXml(cells: readonly string[], rowNumber: number, columns: string[]): string {
  let xml = `<row r="${rowNumber}">`;
  for (let c = 0; c < cells.length; c++) {
    const cell = cells[c];
    if (!cell) continue;
    columns[c] ??= columnName(c);
    // An inline string is text: a spreadsheet never evaluates it, so nothing is prefixed.
    xml += `<c r="${columns[c]}${rowNumber}" t="inlineStr"><is><t xml:space="preserve">${escapeXml(cell)}</t></is></c>`;
  }
  return `${xml}</row>`;
}

const SHEET_START =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
  '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">';
/** The header row stays in view while scrolling (a frozen pane under row 1). */
const FROZEN_HEADER =
  '<sheetViews><sheetView workbookViewId="0">' +
  '<pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/>' +
  '</sheetView></sheetViews>';

function sheetXml(table: ExportTable): string {
  const columns: string[] = [];
  const rows = [table.header, ...table.rows].map((row, r) => rowXml(row, r + 1, columns));
  return `${SHEET_START}<sheetData>${rows.join('')}</sheetData></worksheet>`;
}

/** The workbook's parts besides its one sheet: [path, XML]. */
function workbookParts(sheetName: string): [string, string][] {
  return [
    [
      '[Content_Types].xml',
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
        '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
        '<Default Extension="xml" ContentType="application/xml"/>' +
        '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
        '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
        '</Types>',
    ],
    [
      '_rels/.rels',
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
        '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
        '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/>' +
        '</Relationships>',
    ],
    [
      'xl/workbook.xml',
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
        '<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">' +
        `<sheets><sheet name="${escapeXml(sheetName)}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    ],
    [
      'xl/_rels/workbook.xml.rels',
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
        '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
        '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/>' +
        '</Relationships>',
    ],
  ];
}

/**
 * A minimal XLSX workbook (one sheet, inline strings only) built with jszip, which the server has
 * already: every cell is text, so nothing in it is ever evaluated as a formula.
 */
export async function writeXlsx(table: ExportTable, sheetName = 'Candidates'): Promise<Buffer> {
  const zip = new JSZip();
  for (const [name, xml] of workbookParts(sheetName)) zip.file(name, xml);
  zip.file('xl/worksheets/sheet1.xml', sheetXml(table));
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

/** Sheet XML gathered into chunks of about this many characters before they go to the zip. */
const SHEET_CHUNK_CHARS = 64 * 1024;

async function* streamSheetXml(
  header: readonly string[],
  rows: AsyncIterable<readonly string[]>,
): AsyncGenerator<string> {
  const columns: string[] = [];
  let chunk = `${SHEET_START}${FROZEN_HEADER}<sheetData>${rowXml(header, 1, columns)}`;
  let rowNumber = 1;
  for await (const cells of rows) {
    rowNumber += 1;
    chunk += rowXml(cells, rowNumber, columns);
    if (chunk.length >= SHEET_CHUNK_CHARS) {
      yield chunk;
      chunk = '';
    }
  }
  yield `${chunk}</sheetData></worksheet>`;
}

/**
 * The same workbook streamed: rows are pulled from `rows` only as fast as the answer is read (the
 * sheet is a Readable of an async generator, which archiver reads as its zip entry; deflate runs in
 * zlib, off the JavaScript heap). Memory stays flat whatever the row count, and a reader who goes away
 * stops the pulling. The header row is frozen. Cells are written as given: neutralise them first where
 * the file may be read as CSV too (inline strings are never evaluated).
 */
export function streamXlsx(
  header: readonly string[],
  rows: AsyncIterable<readonly string[]>,
  sheetName: string,
): Readable {
  const zip = archiver('zip', { zlib: { level: 6 }, highWaterMark: 64 * 1024 });
  for (const [name, xml] of workbookParts(sheetName)) zip.append(xml, { name });
  // One chunk waits at most: the zip reads the next when it has room.
  const sheet = Readable.from(streamSheetXml(header, rows), { highWaterMark: 1 });
  zip.append(sheet, { name: 'xl/worksheets/sheet1.xml' });
  // A reader gone: stop pulling rows (the generator's finally blocks run).
  zip.once('close', () => sheet.destroy());
  sheet.once('error', (error) => zip.destroy(error));
  void zip
    .finalize()
    .catch((error: unknown) => zip.destroy(error instanceof Error ? error : new Error(String(error))));
  return zip;
}

/** Content-Disposition for a download: an ASCII fallback name plus the exact name per RFC 5987. */
export function attachmentDisposition(fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7E]/g, '_').replace(/["\\;]/g, '_') || 'file';
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
