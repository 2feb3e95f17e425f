import type { Readable } from 'node:stream';
import type { EmployeeImportFormat } from '@kadry/shared/schemas/employee-import';
import { parse } from 'csv-parse';
import ExcelJS from 'exceljs';

/** One row of a spreadsheet: its number in the file (the header is 1) and its cells as text. */
export type SheetRow = { row: number; cells: string[] };

/** The file is not a spreadsheet of its format (a broken zip, not CSV). */
export class UnreadableSpreadsheetError extends Error {
  override name = 'UnreadableSpreadsheetError';
}

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

/** A date cell as YYYY-MM-DD (spreadsheets keep dates without a zone: exceljs reads them as UTC). */
function isoDateOf(date: Date): string {
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
}

/** An exceljs cell value as the text a user sees in it. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : isoDateOf(value);
  if (typeof value === 'object') {
    const object = value as Record<string, unknown>;
    if (Array.isArray(object.richText)) {
      return object.richText
        .map((part) => String((part as { text?: unknown }).text ?? ''))
        .join('')
        .trim();
    }
    if ('result' in object) return cellText(object.result);
    if ('text' in object) return cellText(object.text);
    if ('error' in object) return '';
  }
  return '';
}

async function* readXlsxRows(source: Readable): AsyncGenerator<SheetRow> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(source, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'cache',
    entries: 'ignore',
  });
  let sheets = 0;
  try {
    for await (const worksheet of reader) {
      sheets += 1;
      // Only the first sheet holds people; the rest (the template's allowed values) are read past.
      for await (const row of worksheet) {
        if (sheets > 1) continue;
        const values = Array.isArray(row.values) ? row.values : [];
        // exceljs rows are 1-based and sparse.
        const cells: string[] = [];
        for (let index = 1; index < values.length; index += 1) cells.push(cellText(values[index]));
        yield { row: row.number, cells };
      }
    }
  } catch (error) {
    if (error instanceof UnreadableSpreadsheetError) throw error;
    const message = error instanceof Error ? error.message : String(error);
    throw new UnreadableSpreadsheetError(message);
  }
}

async function* readCsvRows(source: Readable): AsyncGenerator<SheetRow> {
  // Excel writes `;` where the decimal separator is a comma (ru, uk locales): both are accepted.
  const parser = source.pipe(
    parse({
      bom: true,
      delimiter: [',', ';'],
      relax_column_count: true,
      skip_empty_lines: true,
      trim: true,
      max_record_size: 64 * 1024,
    }),
  );
  source.on('error', (error) => parser.destroy(error));
  let row = 0;
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      row += 1;
      yield { row, cells: record.map((cell) => cell.trim()) };
    }
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new UnreadableSpreadsheetError(message);
  }
}

/** The rows of a spreadsheet, streamed: never the whole file in memory. */
export function readSpreadsheetRows(
  source: Readable,
  format: EmployeeImportFormat,
): AsyncGenerator<SheetRow> {
  return format === 'xlsx' ? readXlsxRows(source) : readCsvRows(source);
}
