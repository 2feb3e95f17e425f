import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CvParseError } from './cv-parse-error';
import { extractText, extractTextFromBytes, MAX_TEXT_CHARS, normaliseText } from './extract-text';
import { makeDoc, makeDocx, makeOdt, makePdf, makeZipBombDocx } from './fixtures/cv-fixtures';

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'kadry-cv-text-'));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('extractText', () => {
  it('reads the text of a PDF from a path', async () => {
    const path = join(dir, 'cv.pdf');
    await writeFile(path, makePdf(['John Smith', 'john.smith@example.com', 'Phone: +44 20 7946 0958']));
    const text = await extractText(path, 'pdf');
    expect(text).toContain('John Smith');
    expect(text).toContain('john.smith@example.com');
    expect(text).toContain('+44 20 7946 0958');
  });

  it('reads a DOCX and keeps its hyperlink targets', async () => {
    const docx = await makeDocx(
      ['Олена Коваль', 'Київ, Україна'],
      [{ label: 'LinkedIn', url: 'https://www.linkedin.com/in/olena-koval' }],
    );
    const text = await extractTextFromBytes(docx, 'docx');
    expect(text).toContain('Олена Коваль\n\nКиїв, Україна');
    expect(text).toContain('LinkedIn');
    expect(text).toContain('https://www.linkedin.com/in/olena-koval');
  });

  it('reads an ODT: paragraphs, spaces, tabs, links, and not deleted tracked changes', async () => {
    const odt = await makeOdt(
      '<text:tracked-changes><text:changed-region><text:deletion><text:p>Old Name</text:p></text:deletion></text:changed-region></text:tracked-changes>' +
        '<text:h>Иван Петров</text:h><text:p>Тел.:<text:s text:c="3"/>+7 912 345-67-89<text:tab/>Москва</text:p>' +
        '<text:p><text:a xlink:href="https://github.com/ivanp">GitHub</text:a> &amp; more</text:p>',
    );
    const text = await extractTextFromBytes(odt, 'odt');
    expect(text).toBe('Иван Петров\nТел.: +7 912 345-67-89 Москва\nhttps://github.com/ivanp GitHub & more');
  });

  it('reads an RTF written in cp1251', async () => {
    const rtf = Buffer.from(
      "{\\rtf1\\ansi\\ansicpg1251 \\'c8\\'e2\\'e0\\'ed \\'cf\\'e5\\'f2\\'f0\\'ee\\'e2\\par}",
      'latin1',
    );
    expect(await extractTextFromBytes(rtf, 'rtf')).toBe('Иван Петров');
  });

  it('reads a Cyrillic text file in UTF-8 and in UTF-16 with a BOM', async () => {
    const text = 'Петро Шевченко\r\nтел. 050 123 45 67';
    expect(await extractTextFromBytes(Buffer.from(text, 'utf8'), 'txt')).toBe(
      'Петро Шевченко\nтел. 050 123 45 67',
    );
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
    expect(await extractTextFromBytes(utf16, 'txt')).toBe('Петро Шевченко\nтел. 050 123 45 67');
  });

  it('reads the text of a Word 97 document', async () => {
    expect(await extractTextFromBytes(makeDoc('Jane Doe\njane@example.com'), 'doc')).toBe(
      'Jane Doe\njane@example.com',
    );
  });

  it('fails a damaged PDF as unreadable', async () => {
    const broken = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(2000, 0x41)]);
    await expect(extractTextFromBytes(broken, 'pdf')).rejects.toMatchObject({ reason: 'unreadable' });
  });

  it('fails a DOCX that is not a zip, or has no document, as unreadable', async () => {
    await expect(extractTextFromBytes(Buffer.from('PK\u0003\u0004 nonsense'), 'docx')).rejects.toMatchObject({
      reason: 'unreadable',
    });
    const odtAsDocx = await makeOdt('<text:p>x</text:p>');
    await expect(extractTextFromBytes(odtAsDocx, 'docx')).rejects.toBeInstanceOf(CvParseError);
  });

  it('refuses a zip bomb as too_large, whether its headers tell the truth or lie', async () => {
    for (const isLying of [false, true]) {
      const bomb = makeZipBombDocx(100 * 1024 * 1024, isLying);
      expect(bomb.length).toBeLessThan(1024 * 1024);
      await expect(extractTextFromBytes(bomb, 'docx')).rejects.toMatchObject({ reason: 'too_large' });
    }
  });

  it('has a test bomb that really inflates to its full size', async () => {
    const bomb = makeZipBombDocx(64 * 1024 * 1024, false);
    const zip = await JSZip.loadAsync(bomb);
    let size = 0;
    await new Promise((resolve, reject) =>
      zip
        .file('word/document.xml')
        ?.nodeStream('nodebuffer')
        .on('data', (chunk: Buffer) => {
          size += chunk.length;
        })
        .on('end', resolve)
        .on('error', reject),
    );
    expect(size).toBe(64 * 1024 * 1024);
  });

  it(`cuts the text at ${MAX_TEXT_CHARS} characters`, async () => {
    const text = await extractTextFromBytes(Buffer.from('word '.repeat(100_000)), 'txt');
    expect(text.length).toBe(MAX_TEXT_CHARS);
  });
});

describe('normaliseText', () => {
  it('collapses spaces, trims lines, keeps at most one blank line, and drops invisible characters', () => {
    expect(normaliseText('  Jane\u00a0\u00a0Doe \t\r\n\r\n\r\n\r\nso\u00adft\u200bware\u0007 \n')).toBe(
      'Jane Doe\n\nsoftware',
    );
  });

  it('composes decomposed letters (NFC)', () => {
    expect(normaliseText('Андрии\u0306')).toBe('Андрий');
  });
});
