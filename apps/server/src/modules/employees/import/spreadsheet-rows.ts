import type { Readable } from 'node:stream';
import { EMPLOYEE_IMPORT_MAX_BYTES, type EmployeeImportFormat } from '@kadry/shared/schemas/employee-import';
import { parse } from 'csv-parse';
import { readXlsxSheetRows } from './xlsx-rows';

/** One row of a spreadsheet: its number in the file (the header is 1) and its cells as text. */
export type SheetRow = { row: number; cells: string[] };

/** The file is not a spreadsheet of its format (a broken zip, not CSV). */
export class UnreadableSpreadsheetError extends Error {
  override name = 'UnreadableSpreadsheetError';
}

async function* readXlsxRows(source: Readable): AsyncGenerator<SheetRow> {
  try {
    // The stored file was refused above the upload limit; the margin only guards a store that lies.
    yield* readXlsxSheetRows(source, EMPLOYEE_IMPORT_MAX_BYTES * 2);
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
