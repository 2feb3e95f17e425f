/**
 * Plain text of an RTF document: a small tokenizer that keeps the document text and drops everything else.
 * Handles \par-like breaks, \'hh bytes in the document's or the current font's code page, \uN Unicode with its
 * \ucN fallback, \bin data, and skips non-text destinations ({\fonttbl}, {\pict}, {\*\…}). Hyperlink targets
 * inside {\fldinst HYPERLINK "…"} are kept, because a CV's LinkedIn link often only lives there.
 */
export function rtfToText(rtf: Uint8Array, maxChars = Number.POSITIVE_INFINITY): string {
  return new RtfReader(rtf, maxChars).read();
}

// Destinations whose content is never document text.
const SKIPPED_DESTINATIONS = new Set([
  'aftncn',
  'aftnsep',
  'aftnsepc',
  'annotation',
  'atnauthor',
  'atnid',
  'bkmkend',
  'bkmkstart',
  'colortbl',
  'datastore',
  'datafield',
  'ftncn',
  'ftnsep',
  'ftnsepc',
  'generator',
  'info',
  'latentstyles',
  'listoverridetable',
  'listtable',
  'nonshppict',
  'object',
  'objdata',
  'pict',
  'pn',
  'pntext',
  'pntxta',
  'pntxtb',
  'revtbl',
  'rsidtbl',
  'shpinst',
  'stylesheet',
  'template',
  'themedata',
  'colorschememapping',
  'xmlnstbl',
  'filetbl',
  'pgdsctbl',
  'listtext',
  'falt',
  'panose',
]);

const BREAKS: Record<string, string> = {
  par: '\n',
  line: '\n',
  sect: '\n\n',
  page: '\n\n',
  row: '\n',
  tab: '\t',
  cell: '\t',
  emdash: '—',
  endash: '–',
  bullet: '•',
  lquote: '‘',
  rquote: '’',
  ldblquote: '“',
  rdblquote: '”',
  emspace: ' ',
  enspace: ' ',
  qmspace: ' ',
};

// \fcharsetN → Windows code page, for \'hh bytes written in a font's own charset.
const CHARSET_CODEPAGES: Record<number, number> = {
  0: 1252,
  161: 1253,
  162: 1254,
  163: 1258,
  177: 1255,
  178: 1256,
  186: 1257,
  204: 1251,
  222: 874,
  238: 1250,
  128: 932,
  129: 949,
  134: 936,
  136: 950,
};

type GroupState = {
  /** Characters to skip after \uN (\ucN). */
  uc: number;
  isSkipped: boolean;
  isFontTable: boolean;
  isFieldInstruction: boolean;
  /** Code page of the current font, when its charset says so. */
  codepage: number | null;
};

class RtfReader {
  private pos = 0;
  private out = '';
  private pendingBytes: number[] = [];
  private stack: GroupState[] = [];
  private state: GroupState = {
    uc: 1,
    isSkipped: false,
    isFontTable: false,
    isFieldInstruction: false,
    codepage: null,
  };
  private documentCodepage = 1252;
  private fontCodepages = new Map<number, number>();
  private fontTableFont = -1;
  private skipFallback = 0;
  private isGroupStart = false;
  private isIgnorableNext = false;
  private fieldInstruction = '';
  /** Stack depth of the open {\fldinst} group; its nested groups belong to it too. */
  private fieldDepth = -1;

  constructor(
    private readonly bytes: Uint8Array,
    private readonly maxChars: number,
  ) {}

  read(): string {
    const { bytes } = this;
    while (this.pos < bytes.length && this.out.length + this.pendingBytes.length < this.maxChars) {
      const byte = bytes[this.pos] as number;
      if (byte === 0x7b) {
        this.pos += 1;
        this.openGroup();
      } else if (byte === 0x7d) {
        this.pos += 1;
        this.closeGroup();
      } else if (byte === 0x5c) {
        this.readControl();
      } else {
        this.pos += 1;
        // Raw line breaks in RTF source are not text; everything else is a character of the document.
        if (byte !== 0x0d && byte !== 0x0a) this.emitByte(byte);
      }
    }
    this.flushBytes();
    return this.out;
  }

  private openGroup(): void {
    this.flushBytes();
    this.stack.push(this.state);
    this.state = { ...this.state };
    this.isGroupStart = true;
    this.isIgnorableNext = false;
    this.skipFallback = 0;
  }

  private closeGroup(): void {
    this.flushBytes();
    const isFieldEnd = this.state.isFieldInstruction && this.stack.length === this.fieldDepth;
    this.state = this.stack.pop() ?? this.state;
    this.isGroupStart = false;
    this.skipFallback = 0;
    if (isFieldEnd) {
      this.fieldDepth = -1;
      const target = /HYPERLINK\s+"([^"]+)"/i.exec(this.fieldInstruction)?.[1];
      this.fieldInstruction = '';
      if (target && /^(?:https?:|mailto:)/i.test(target))
        this.emitText(` ${target.replace(/^mailto:/i, '')} `);
    }
  }

  private readControl(): void {
    const { bytes } = this;
    const next = bytes[this.pos + 1];
    if (next === undefined) {
      this.pos += 1;
      return;
    }
    if (!isLetter(next)) {
      this.pos += 2;
      this.readControlSymbol(next);
      return;
    }
    let end = this.pos + 1;
    while (end < bytes.length && end - this.pos <= 32 && isLetter(bytes[end] as number)) end += 1;
    const word = String.fromCharCode(...bytes.subarray(this.pos + 1, end));
    let paramEnd = end;
    if (bytes[paramEnd] === 0x2d) paramEnd += 1;
    while (paramEnd < bytes.length && paramEnd - end < 11 && isDigit(bytes[paramEnd] as number))
      paramEnd += 1;
    const hasParam = paramEnd > end && !(paramEnd === end + 1 && bytes[end] === 0x2d);
    const param = hasParam ? Number(String.fromCharCode(...bytes.subarray(end, paramEnd))) : null;
    this.pos = hasParam ? paramEnd : end;
    if (bytes[this.pos] === 0x20) this.pos += 1;
    this.handleWord(word, param);
  }

  private readControlSymbol(symbol: number): void {
    switch (symbol) {
      case 0x27: {
        // \'hh: one byte in the current code page.
        const hex = String.fromCharCode(this.bytes[this.pos] ?? 0, this.bytes[this.pos + 1] ?? 0);
        this.pos += 2;
        const value = Number.parseInt(hex, 16);
        if (!Number.isNaN(value)) this.emitByte(value);
        return;
      }
      case 0x2a:
        this.isIgnorableNext = true;
        return;
      case 0x5c:
      case 0x7b:
      case 0x7d:
        this.emitByte(symbol);
        return;
      case 0x7e:
        this.emitText(' ');
        return;
      case 0x5f:
        this.emitText('-');
        return;
      case 0x0a:
      case 0x0d:
        this.emitText('\n');
        return;
      default:
        // \- (optional hyphen), \| and \: carry no text.
        return;
    }
  }

  private handleWord(word: string, param: number | null): void {
    // Bytes so far belong to the code page in force before this word (it may switch fonts).
    this.flushBytes();
    const isDestination = this.isGroupStart;
    const isIgnorable = this.isIgnorableNext;
    this.isGroupStart = false;
    this.isIgnorableNext = false;
    if (isDestination) {
      if (word === 'fonttbl') {
        this.state.isFontTable = true;
        this.state.isSkipped = true;
        return;
      }
      if (word === 'fldinst') {
        this.flushBytes();
        this.state.isFieldInstruction = true;
        this.fieldDepth = this.stack.length;
        return;
      }
      if (isIgnorable || SKIPPED_DESTINATIONS.has(word)) {
        this.state.isSkipped = true;
        return;
      }
    }
    switch (word) {
      case 'ansicpg':
        if (param !== null) this.documentCodepage = param;
        return;
      case 'f':
        if (param === null) return;
        if (this.state.isFontTable) this.fontTableFont = param;
        else this.state.codepage = this.fontCodepages.get(param) ?? null;
        return;
      case 'fcharset':
        if (this.state.isFontTable && param !== null && CHARSET_CODEPAGES[param] !== undefined) {
          this.fontCodepages.set(this.fontTableFont, CHARSET_CODEPAGES[param]);
        }
        return;
      case 'cpg':
        if (this.state.isFontTable && param !== null) this.fontCodepages.set(this.fontTableFont, param);
        return;
      case 'uc':
        if (param !== null && param >= 0) this.state.uc = param;
        return;
      case 'u':
        if (param === null) return;
        this.flushBytes();
        this.emitText(String.fromCharCode(param < 0 ? param + 0x10000 : param));
        this.skipFallback = this.state.uc;
        return;
      case 'bin':
        // Binary data of the given length, never text.
        this.pos += Math.max(0, param ?? 0);
        return;
      default: {
        const text = BREAKS[word];
        if (text !== undefined) {
          this.flushBytes();
          this.emitText(text);
        }
      }
    }
  }

  private emitByte(byte: number): void {
    if (this.skipFallback > 0) {
      this.skipFallback -= 1;
      return;
    }
    if (this.state.isSkipped && !this.state.isFieldInstruction) return;
    this.pendingBytes.push(byte);
  }

  private emitText(text: string): void {
    this.skipFallback = 0;
    if (this.state.isFieldInstruction) {
      this.fieldInstruction += text;
      return;
    }
    if (this.state.isSkipped) return;
    this.out += text;
  }

  private flushBytes(): void {
    if (this.pendingBytes.length === 0) return;
    const bytes = Uint8Array.from(this.pendingBytes);
    this.pendingBytes = [];
    const text = decodeCodepage(bytes, this.state.codepage ?? this.documentCodepage);
    if (this.state.isFieldInstruction) this.fieldInstruction += text;
    else if (!this.state.isSkipped) this.out += text;
  }
}

function decodeCodepage(bytes: Uint8Array, codepage: number): string {
  const label = codepage === 65001 ? 'utf-8' : codepage === 10000 ? 'macintosh' : `windows-${codepage}`;
  try {
    return new TextDecoder(label).decode(bytes);
  } catch {
    // An unknown code page: Latin-1 keeps ASCII right and everything else visible.
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

function isLetter(byte: number): boolean {
  return (byte >= 0x61 && byte <= 0x7a) || (byte >= 0x41 && byte <= 0x5a);
}

function isDigit(byte: number): boolean {
  return byte >= 0x30 && byte <= 0x39;
}
