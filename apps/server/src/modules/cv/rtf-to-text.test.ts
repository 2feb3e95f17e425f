import { describe, expect, it } from 'vitest';
import { rtfToText } from './rtf-to-text';

const rtf = (source: string) => rtfToText(Buffer.from(source, 'latin1'));

describe('rtfToText', () => {
  it('keeps the text and turns \\par and \\line into line breaks', () => {
    expect(rtf('{\\rtf1\\ansi\\deff0 {\\b Jane Doe}\\par Senior developer\\line London\\par}')).toBe(
      'Jane Doe\nSenior developer\nLondon\n',
    );
  });

  it("decodes \\'hh bytes in the document's code page (Cyrillic in cp1251)", () => {
    // "Іван" in windows-1251: B2 E2 E0 ED
    expect(rtf("{\\rtf1\\ansi\\ansicpg1251 \\'b2\\'e2\\'e0\\'ed\\par}")).toBe('Іван\n');
  });

  it("decodes \\'hh bytes in the current font's charset when the document code page differs", () => {
    const source =
      '{\\rtf1\\ansi\\ansicpg1252{\\fonttbl{\\f0\\fnil\\fcharset0 Arial;}{\\f1\\fnil\\fcharset204 Arial Cyr;}}' +
      "\\f0 caf\\'e9 \\f1 \\'cf\\'e5\\'f2\\'f0\\par}";
    expect(rtf(source)).toBe('café Петр\n');
  });

  it('reads \\uN characters and skips their \\ucN fallback', () => {
    // Ольга = U+041E U+043B U+044C U+0433 U+0430; the '?' after each is the fallback for old readers.
    expect(rtf("{\\rtf1\\uc1\\u1054?\\u1083?\\u1100?\\u1075?\\u1072? \\uc2\\u-3913\\'3f\\'3f!}")).toBe(
      'Ольга \uf0b7!',
    );
  });

  it('drops font tables, colour tables, pictures, document info and {\\*\\…} destinations', () => {
    const source =
      '{\\rtf1{\\fonttbl{\\f0 Times New Roman;}}{\\colortbl;\\red0\\green0\\blue0;}' +
      '{\\info{\\title My CV}{\\author Someone Else}}{\\*\\generator Msftedit;}' +
      '{\\pict\\pngblip 89504e47}Visible text}';
    expect(rtf(source)).toBe('Visible text');
  });

  it('keeps literal braces and backslashes, and skips \\bin data', () => {
    expect(rtf('{\\rtf1 a \\{b\\} c\\\\d {\\bin4 }}}} e}')).toBe('a {b} c\\d  e');
  });

  it('keeps hyperlink targets from field instructions next to the link text', () => {
    const source =
      '{\\rtf1 {\\field{\\*\\fldinst {HYPERLINK "https://www.linkedin.com/in/jane-doe"}}{\\fldrslt {LinkedIn}}}\\par}';
    expect(rtf(source)).toBe(' https://www.linkedin.com/in/jane-doe LinkedIn\n');
  });

  it('stops at maxChars', () => {
    expect(rtfToText(Buffer.from(`{\\rtf1 ${'x'.repeat(1000)}}`), 10).length).toBeLessThanOrEqual(11);
  });
});
