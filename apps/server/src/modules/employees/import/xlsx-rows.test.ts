import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { isDateFormat, readXlsxSheetRows, UnreadableXlsxError, type XlsxRow } from './xlsx-rows';

async function rowsOf(buffer: Buffer, maxBytes = 10 * 1024 * 1024): Promise<XlsxRow[]> {
  const rows: XlsxRow[] = [];
  for await (const row of readXlsxSheetRows(Readable.from([buffer]), maxBytes)) rows.push(row);
  return rows;
}

/** A workbook as Excel keeps one: shared strings, styles with date formats, two sheets. */
async function sampleWorkbook(configure?: (workbook: ExcelJS.Workbook) => void): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  configure?.(workbook);
  const sheet = workbook.addWorksheet('People');
  sheet.addRow(['first_name', 'start_of_work', 'salary', 'is_remote', 'notes']);
  sheet.getRow(2).values = ['  Olena  ', new Date(Date.UTC(2031, 0, 15)), 1250.5, true];
  sheet.getCell('E2').value = { richText: [{ text: 'Rich ' }, { font: { bold: true }, text: 'text' }] };
  // Row 3 left out: the next row keeps its number. A gap between cells reads as ''.
  sheet.getCell('A4').value = 'Taras';
  sheet.getCell('C4').value = { formula: 'C2*2', result: 2501 };
  sheet.getCell('B5').value = 45000;
  sheet.getCell('B5').numFmt = 'dd.mm.yyyy';
  sheet.getCell('C5').value = 45000;
  sheet.getCell('C5').numFmt = '0.00 "days"';
  sheet.getCell('A5').value = 'Amount & <more>';
  const other = workbook.addWorksheet('Allowed values');
  other.addRow(['not', 'read']);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

describe('readXlsxSheetRows', () => {
  it('reads the first sheet as a person sees its cells: strings trimmed, dates as days, numbers, booleans, formulas', async () => {
    expect(await rowsOf(await sampleWorkbook())).toEqual([
      { row: 1, cells: ['first_name', 'start_of_work', 'salary', 'is_remote', 'notes'] },
      { row: 2, cells: ['Olena', '2031-01-15', '1250.5', 'true', 'Rich text'] },
      { row: 4, cells: ['Taras', '', '2501'] },
      // 45000 is 2023-03-15; "0.00 "days"" is not a date format (the quoted d is text).
      { row: 5, cells: ['Amount & <more>', '2023-03-15', '45000'] },
    ]);
  });

  it('counts days from 1904 in a workbook that does', async () => {
    const rows = await rowsOf(
      await sampleWorkbook((workbook) => {
        workbook.properties.date1904 = true;
      }),
    );
    // exceljs stores the date as a 1904-based serial; read back it is the same day.
    expect(rows[1]?.cells[1]).toBe('2031-01-15');
  });

  it('reads the streaming writer’s inline strings, as the export and the template write them', async () => {
    const chunks: Buffer[] = [];
    const stream = new (await import('node:stream')).PassThrough();
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
      stream,
      useStyles: false,
      useSharedStrings: false,
    });
    const sheet = workbook.addWorksheet('Employees');
    sheet.addRow(['email', 'phone']).commit();
    sheet.addRow(['a@example.test', '+380501112233']).commit();
    await workbook.commit();
    expect(await rowsOf(Buffer.concat(chunks))).toEqual([
      { row: 1, cells: ['email', 'phone'] },
      { row: 2, cells: ['a@example.test', '+380501112233'] },
    ]);
  });

  it('refuses what is not a zip, and a file over the limit', async () => {
    await expect(rowsOf(Buffer.from('first_name,last_name\nOlena,K\n'))).rejects.toBeInstanceOf(
      UnreadableXlsxError,
    );
    await expect(rowsOf(await sampleWorkbook(), 100)).rejects.toBeInstanceOf(UnreadableXlsxError);
  });

  it('tells date formats from number formats', () => {
    expect(isDateFormat('dd.mm.yyyy')).toBe(true);
    expect(isDateFormat('DD.MM.YYYY')).toBe(true);
    expect(isDateFormat('General')).toBe(false);
    expect(isDateFormat('0\\ \\d')).toBe(false);
    expect(isDateFormat('[$-409]mmm d, yyyy')).toBe(true);
    expect(isDateFormat('0.00')).toBe(false);
    expect(isDateFormat('#,##0 "days"')).toBe(false);
    expect(isDateFormat('[Red]0.00')).toBe(false);
  });
});
