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

/** Escapes text for XML, dropping the control characters XML 1.0 cannot carry. */
function escapeXml(text: string): string {
  const allowed = [...text].filter((c) => {
    const code = c.codePointAt(0) ?? 0;
    return (
      code === 0x09 || code === 0x0a || code === 0x0d || (code >= 0x20 && code !== 0xfffe && code !== 0xffff)
    );
  });
  return allowed.join('').replace(/[&<>"]/g, (c) => XML_ESCAPES[c] ?? c);
}

function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) {
    name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  }
  return name;
}

function sheetXml(table: ExportTable): string {
  const rows = [table.header, ...table.rows].map((row, r) => {
    const cells = row.map(
      (cell, c) =>
        // An inline string is text: a spreadsheet never evaluates it, so nothing is prefixed.
        `<c r="${columnName(c)}${r + 1}" t="inlineStr"><is><t xml:space="preserve">${escapeXml(cell)}</t></is></c>`,
    );
    return `<row r="${r + 1}">${cells.join('')}</row>`;
  });
  return (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
    '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">' +
    `<sheetData>${rows.join('')}</sheetData></worksheet>`
  );
}

/**
 * A minimal XLSX workbook (one sheet, inline strings only) built with jszip, which the server has
 * already: every cell is text, so nothing in it is ever evaluated as a formula.
 */
export async function writeXlsx(table: ExportTable, sheetName = 'Candidates'): Promise<Buffer> {
  const zip = new JSZip();
  zip.file(
    '[Content_Types].xml',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
      '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
      '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
      '<Default Extension="xml" ContentType="application/xml"/>' +
      '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
      '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
      '</Types>',
  );
  zip.file(
    '_rels/.rels',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
      '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
      '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/>' +
      '</Relationships>',
  );
  zip.file(
    'xl/workbook.xml',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
      '<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">' +
      `<sheets><sheet name="${escapeXml(sheetName)}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
  );
  zip.file(
    'xl/_rels/workbook.xml.rels',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
      '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
      '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/>' +
      '</Relationships>',
  );
  zip.file('xl/worksheets/sheet1.xml', sheetXml(table));
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
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
