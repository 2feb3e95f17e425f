import { describe, expect, it } from 'vitest';
import { detectFileFormat, isCvFormat, isPlainText } from './detect-format';
import { makeDoc, makeDocx, makeOdt, makePdf } from './fixtures/cv-fixtures';

const MZ_EXECUTABLE = (() => {
  // DOS header with e_lfanew → "PE\0\0" header: what file-type recognises as an .exe.
  const exe = Buffer.alloc(2048);
  exe.write('MZ', 0, 'latin1');
  exe.writeUInt32LE(0x80, 0x3c);
  exe.write('PE\0\0', 0x80, 'latin1');
  exe.writeUInt16LE(0x14c, 0x84);
  return exe;
})();

describe('detectFileFormat', () => {
  it('recognises each CV format by its bytes', async () => {
    expect(await detectFileFormat(makePdf(['Jane Doe']))).toBe('pdf');
    expect(await detectFileFormat(await makeDocx(['Jane Doe']))).toBe('docx');
    expect(await detectFileFormat(await makeOdt('<text:p>Jane Doe</text:p>'))).toBe('odt');
    expect(await detectFileFormat(Buffer.from('{\\rtf1\\ansi Jane Doe\\par}'))).toBe('rtf');
    expect(await detectFileFormat(makeDoc('Jane Doe'))).toBe('doc');
    expect(await detectFileFormat(Buffer.from('Jane Doe\njane@example.com\n'))).toBe('txt');
  });

  it('finds an executable whatever the file is called, and it is not a CV format', async () => {
    const format = await detectFileFormat(MZ_EXECUTABLE);
    expect(format).toBe('exe');
    expect(isCvFormat(format)).toBe(false);
  });

  it('reports images and plain zips as what they are, not as CVs', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');
    expect(await detectFileFormat(png)).toBe('png');
    expect(isCvFormat('png')).toBe(false);
    expect(isCvFormat('zip')).toBe(false);
    expect(isCvFormat(null)).toBe(false);
  });

  it('returns null for random binary data and for an empty head', async () => {
    const noise = Buffer.alloc(4096);
    for (let i = 0; i < noise.length; i += 1) noise[i] = (i * 131 + 7) % 256;
    expect(await detectFileFormat(noise)).toBeNull();
    expect(await detectFileFormat(new Uint8Array())).toBeNull();
  });

  it('accepts UTF-16 text only with its BOM', async () => {
    const utf16 = Buffer.concat([
      Buffer.from([0xff, 0xfe]),
      Buffer.from('Олена Коваль\nolena@example.com', 'utf16le'),
    ]);
    expect(await detectFileFormat(utf16)).toBe('txt');
    expect(await detectFileFormat(Buffer.from('Олена Коваль\nolena@example.com', 'utf16le'))).toBeNull();
  });
});

describe('isPlainText', () => {
  it('accepts Cyrillic UTF-8 text cut in the middle of a character', () => {
    const text = Buffer.from('Петро Шевченко, інженер. '.repeat(50));
    expect(isPlainText(text.subarray(0, text.length - 1))).toBe(true);
  });

  it('rejects text with a NUL byte, invalid UTF-8, or mostly control characters', () => {
    expect(isPlainText(Buffer.from('Jane\0Doe'))).toBe(false);
    expect(isPlainText(Buffer.from([0x4a, 0x61, 0xff, 0xfe, 0x6e, 0x65]))).toBe(false);
    expect(isPlainText(Buffer.from('a\x01\x02\x03\x04\x05\x06b'))).toBe(false);
    expect(isPlainText(Buffer.from('   \n\n  '))).toBe(false);
  });
});
