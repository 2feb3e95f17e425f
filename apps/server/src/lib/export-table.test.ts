import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { attachmentDisposition, neutraliseFormula, streamXlsx, writeCsv, writeXlsx } from './export-table';

/** Rows of `count` cells each, counting how many were asked for and whether the source was closed. */
function countedRows(total: number) {
  const state = { pulled: 0, closed: false };
  async function* rows(): AsyncGenerator<string[]> {
    try {
      for (let i = 1; i <= total; i++) {
        state.pulled = i;
        // Text that barely compresses, so the zip's output fills as a real export's would.
        yield [`Person ${i}`, `person${i}@example.test`, randomBytes(112).toString('base64')];
      }
    } finally {
      state.closed = true;
    }
  }
  return { state, rows: rows() };
}

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('export tables', () => {
  it('prefixes cells starting with = + - @ tab or CR with a quote, and leaves others alone', () => {
    for (const cell of ['=1+1', '+1+1', '-2+3', '+cmd|" /C calc"!A0', '@SUM(A1)', '\t=1', '\r=1']) {
      expect(neutraliseFormula(cell)).toBe(`'${cell}`);
    }
    expect(neutraliseFormula('Olena = 1')).toBe('Olena = 1');
  });

  it('leaves phone numbers and signed numbers as they are: a spreadsheet does not evaluate them (issue 18)', () => {
    for (const cell of ['+380501234567', '+1', '-1', '-12.5']) expect(neutraliseFormula(cell)).toBe(cell);
  });

  it('writes XLSX cells as inline text, unprefixed (a spreadsheet never evaluates an inline string)', async () => {
    const zip = await JSZip.loadAsync(
      await writeXlsx({ header: ['Phone', 'Name'], rows: [['+380501234567', '=1+1']] }),
    );
    const sheet = (await zip.file('xl/worksheets/sheet1.xml')?.async('string')) ?? '';
    expect(sheet).toContain('<t xml:space="preserve">+380501234567</t>');
    expect(sheet).toContain('t="inlineStr"><is><t xml:space="preserve">=1+1</t>');
    expect(sheet).not.toContain('<f>');
  });

  it('quotes CSV cells with commas, quotes or line breaks and ends lines with CRLF', () => {
    expect(writeCsv({ header: ['a', 'b'], rows: [['x,y', 'say "hi"\nbye']] })).toBe(
      '\uFEFFa,b\r\n"x,y","say ""hi""\nbye"\r\n',
    );
  });

  it('names downloads with an ASCII fallback and the exact UTF-8 name (RFC 5987)', () => {
    expect(attachmentDisposition('Лист 1;"x".pdf')).toBe(
      `attachment; filename="____ 1__x_.pdf"; filename*=UTF-8''%D0%9B%D0%B8%D1%81%D1%82%201%3B%22x%22.pdf`,
    );
  });

  it('streams an XLSX a spreadsheet library reads back: header frozen, every row, odd characters kept or dropped', async () => {
    async function* rows(): AsyncGenerator<string[]> {
      yield ['Olena <Kovalenko> & "Co"', '', 'Київ'];
      yield ['bell\u0007gone', 'emoji 🙂', '=1+1'];
      for (let i = 3; i <= 2_500; i++) yield [`Row ${i}`, '', ''];
    }
    const file = await readAll(streamXlsx(['Name', 'Email', 'City'], rows(), 'People'));
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('People');
    expect(sheet?.rowCount).toBe(2_501);
    expect(sheet?.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    const text = (row: number, column: number) => sheet?.getRow(row).getCell(column).text;
    expect([text(1, 1), text(1, 2), text(1, 3)]).toEqual(['Name', 'Email', 'City']);
    expect([text(2, 1), text(2, 2), text(2, 3)]).toEqual(['Olena <Kovalenko> & "Co"', '', 'Київ']);
    expect([text(3, 1), text(3, 2), text(3, 3)]).toEqual(['bellgone', 'emoji 🙂', '=1+1']);
    expect(sheet?.getRow(3).getCell(3).formula).toBeUndefined();
    expect(text(2_501, 1)).toBe('Row 2500');
  });

  it('pulls rows only as fast as the file is read, and stops pulling when the reader goes away', async () => {
    const { state, rows } = countedRows(100_000); // about 30 MB of sheet XML
    const stream = streamXlsx(['Name', 'Email', 'Notes'], rows, 'People');
    stream.resume();
    stream.pause();
    await sleep(600);
    // Nobody reads: a few buffers' worth of rows are made (~2,500 here), not the sheet, then no more.
    const pausedAt = state.pulled;
    expect(pausedAt).toBeGreaterThan(0);
    expect(pausedAt).toBeLessThan(10_000);
    await sleep(300);
    expect(state.pulled).toBe(pausedAt);
    stream.destroy();
    await sleep(100);
    expect(state.closed).toBe(true);
    expect(state.pulled).toBe(pausedAt);
  });
});
