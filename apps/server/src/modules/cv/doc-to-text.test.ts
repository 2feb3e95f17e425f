import { describe, expect, it } from 'vitest';
import { docToText, readCompoundFileStream } from './doc-to-text';
import { makeDoc } from './fixtures/cv-fixtures';

describe('docToText', () => {
  it('pulls the body text out of the WordDocument stream, Cyrillic included', () => {
    const text = docToText(makeDoc('Олена Коваль\nolena.koval@example.com\n+380 50 123 45 67'));
    expect(text).toContain('Олена Коваль');
    expect(text).toContain('olena.koval@example.com');
    expect(text).toContain('+380 50 123 45 67');
  });

  it('pulls out 8-bit text, as Word stores text that fits in cp1252', () => {
    const text = docToText(makeDoc('Jane Doe\nSenior developer, café lover\njane@example.com', 'latin1'));
    expect(text).toBe('Jane Doe\nSenior developer, café lover\njane@example.com');
  });

  it('leaves out font names and styles kept in the other streams', () => {
    const text = docToText(makeDoc('Jane Doe'));
    expect(text).not.toContain('Times New Roman');
    expect(text).not.toContain('Default Paragraph Font');
  });

  it('falls back to scanning the whole file when the compound file is damaged', () => {
    const doc = makeDoc('Jane Doe writes code');
    doc.writeUInt16LE(7, 30); // impossible sector size
    expect(readCompoundFileStream(doc, 'WordDocument')).toBeNull();
    expect(docToText(doc)).toContain('Jane Doe writes code');
  });

  it('finds nothing in a file that is not a compound file', () => {
    expect(readCompoundFileStream(Buffer.alloc(4096), 'WordDocument')).toBeNull();
  });

  it('survives a directory whose sector chain loops', () => {
    const doc = makeDoc('Jane Doe');
    doc.writeUInt32LE(1, 512 + 4); // FAT: the directory sector points back to itself
    expect(() => docToText(doc)).not.toThrow();
  });
});
