import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { attachmentDisposition, neutraliseFormula, writeCsv, writeXlsx } from './export-table';

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
});
