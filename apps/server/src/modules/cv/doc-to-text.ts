/**
 * Best-effort text of a Word 97–2003 (.doc) file: runs of printable text (UTF-16LE and 8-bit) pulled out of the
 * document's `WordDocument` stream. Word keeps the body text there, and font names, styles and document
 * properties in other streams, so reading that one stream keeps "Times New Roman" out of the text. When the
 * compound file cannot be read, the whole file is scanned instead.
 */
export function docToText(file: Uint8Array): string {
  const stream = readCompoundFileStream(file, 'WordDocument');
  return extractPrintableRuns(stream ? stream.subarray(fibLength(stream)) : file);
}

const FIB_MAGIC = 0xa5ec;

/**
 * Bytes taken by the File Information Block at the start of the WordDocument stream: binary counts and offsets
 * that would otherwise read as short runs of noise. Its parts are length-prefixed ([MS-DOC] 2.5.1).
 */
function fibLength(stream: Uint8Array): number {
  if (stream.length < 34) return 0;
  const view = new DataView(stream.buffer, stream.byteOffset, stream.byteLength);
  if (view.getUint16(0, true) !== FIB_MAGIC) return 0;
  let offset = 32;
  const skip = (countBytes: 2, itemBytes: number) => {
    if (offset + countBytes > stream.length) return false;
    offset += countBytes + view.getUint16(offset, true) * itemBytes;
    return offset <= stream.length;
  };
  // csw × 2-byte words, cslw × 4-byte longs, cbRgFcLcb × 8-byte offset/length pairs, cswNew × 2-byte words.
  const isWhole = skip(2, 2) && skip(2, 4) && skip(2, 8) && skip(2, 2);
  return isWhole ? offset : 0;
}

const CFB_SIGNATURE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const END_OF_CHAIN = 0xfffffffe;
const MAX_REGULAR_SECTOR = 0xfffffffa;
const DIRECTORY_ENTRY_BYTES = 128;

/**
 * One stream of an OLE compound file by name, or null when the file is not a readable compound file or the
 * stream is missing or lives in the mini stream (Word's streams never do). Every offset is bounds-checked and
 * every sector chain is cut at the file's sector count, so a hostile file cannot loop or read out of range.
 */
export function readCompoundFileStream(file: Uint8Array, name: string): Uint8Array | null {
  if (file.length < 512 || CFB_SIGNATURE.some((byte, i) => file[i] !== byte)) return null;
  const view = new DataView(file.buffer, file.byteOffset, file.byteLength);
  const sectorShift = view.getUint16(30, true);
  if (sectorShift !== 9 && sectorShift !== 12) return null;
  const sectorSize = 1 << sectorShift;
  const sectorCount = Math.floor((file.length - sectorSize) / sectorSize);
  const entriesPerSector = sectorSize / 4;
  const sectorOffset = (sector: number) => (sector + 1) * sectorSize;
  const isSector = (sector: number) => sector <= MAX_REGULAR_SECTOR && sector < sectorCount;

  // The FAT's own sectors: 109 listed in the header, the rest in the DIFAT chain.
  const fatSectors: number[] = [];
  for (let i = 0; i < 109; i += 1) {
    const sector = view.getUint32(76 + i * 4, true);
    if (isSector(sector)) fatSectors.push(sector);
  }
  let difatSector = view.getUint32(68, true);
  for (let hops = 0; isSector(difatSector) && hops < sectorCount; hops += 1) {
    const base = sectorOffset(difatSector);
    for (let i = 0; i < entriesPerSector - 1; i += 1) {
      const sector = view.getUint32(base + i * 4, true);
      if (isSector(sector)) fatSectors.push(sector);
    }
    difatSector = view.getUint32(base + (entriesPerSector - 1) * 4, true);
  }
  const nextSector = (sector: number): number => {
    const fatSector = fatSectors[Math.floor(sector / entriesPerSector)];
    if (fatSector === undefined) return END_OF_CHAIN;
    return view.getUint32(sectorOffset(fatSector) + (sector % entriesPerSector) * 4, true);
  };
  const readChain = (start: number, maxBytes: number): Uint8Array => {
    const parts: Uint8Array[] = [];
    let length = 0;
    for (
      let sector = start, hops = 0;
      isSector(sector) && hops < sectorCount && length < maxBytes;
      hops += 1
    ) {
      parts.push(file.subarray(sectorOffset(sector), sectorOffset(sector) + sectorSize));
      length += sectorSize;
      sector = nextSector(sector);
    }
    const joined = new Uint8Array(length);
    let offset = 0;
    for (const part of parts) {
      joined.set(part, offset);
      offset += part.length;
    }
    return joined.subarray(0, Math.min(length, maxBytes));
  };

  const miniStreamCutoff = view.getUint32(56, true);
  const directory = readChain(view.getUint32(48, true), file.length);
  for (let offset = 0; offset + DIRECTORY_ENTRY_BYTES <= directory.length; offset += DIRECTORY_ENTRY_BYTES) {
    const entry = new DataView(directory.buffer, directory.byteOffset + offset, DIRECTORY_ENTRY_BYTES);
    const nameBytes = Math.min(entry.getUint16(64, true), 64);
    const entryName = new TextDecoder('utf-16le').decode(directory.subarray(offset, offset + nameBytes));
    const isStream = entry.getUint8(66) === 2;
    if (!isStream || entryName.replace(/\0+$/, '') !== name) continue;
    const size = entry.getUint32(120, true);
    if (size < miniStreamCutoff) return null;
    return readChain(entry.getUint32(116, true), size);
  }
  return null;
}

/** Shortest run kept: shorter ones in a binary stream are mostly noise. */
const MIN_RUN_CHARS = 4;
// 8-bit runs need more: short printable byte sequences turn up in any binary data.
const MIN_BYTE_RUN_CHARS = 6;

function extractPrintableRuns(bytes: Uint8Array): string {
  const runs: { offset: number; text: string }[] = [];
  collectUtf16Runs(bytes, runs);
  collectByteRuns(bytes, runs);
  runs.sort((a, b) => a.offset - b.offset);
  return runs.map((run) => run.text).join('\n');
}

function collectUtf16Runs(bytes: Uint8Array, runs: { offset: number; text: string }[]): void {
  let start = -1;
  let text = '';
  const flush = () => {
    if (isMeaningfulRun(text)) runs.push({ offset: start, text: cleanWordMarks(text) });
    start = -1;
    text = '';
  };
  for (let i = 0; i + 1 < bytes.length; i += 2) {
    const code = (bytes[i] as number) | ((bytes[i + 1] as number) << 8);
    if (isTextCodeUnit(code)) {
      if (start < 0) start = i;
      text += String.fromCharCode(code);
    } else {
      flush();
    }
  }
  flush();
}

function collectByteRuns(bytes: Uint8Array, runs: { offset: number; text: string }[]): void {
  const decoder = new TextDecoder('windows-1252');
  let start = -1;
  const flush = (end: number) => {
    if (start >= 0) {
      const text = decoder.decode(bytes.subarray(start, end));
      if (isMeaningfulByteRun(text)) {
        runs.push({ offset: start, text: cleanWordMarks(text) });
      }
    }
    start = -1;
  };
  for (let i = 0; i < bytes.length; i += 1) {
    const byte = bytes[i] as number;
    const isText = (byte >= 0x20 && byte <= 0x7e) || byte === 0x0d || byte === 0x09 || byte >= 0xc0;
    if (isText) {
      if (start < 0) start = i;
    } else {
      flush(i);
    }
  }
  flush(bytes.length);
}

function isTextCodeUnit(code: number): boolean {
  if (code === 0x0d || code === 0x09 || code === 0x0b || code === 0x07) return true;
  // ASCII, Latin-1 letters and signs, Latin Extended-A (Polish, Czech…), Cyrillic with Ukrainian letters,
  // dashes, quotes and bullets, €, №. Narrow on purpose: wider ranges turn binary noise into "text".
  return (
    (code >= 0x20 && code <= 0x7e) ||
    (code >= 0xa0 && code <= 0x017f) ||
    (code >= 0x0400 && code <= 0x04ff) ||
    (code >= 0x2010 && code <= 0x2026) ||
    code === 0x20ac ||
    code === 0x2116
  );
}

function isMeaningfulRun(text: string): boolean {
  if (text.length < MIN_RUN_CHARS) return false;
  const letters = text.match(/\p{L}/gu)?.length ?? 0;
  return letters >= 2 && letters / text.length >= 0.4;
}

// 8-bit text has to look like words: three ASCII letters in a row (so ASCII inside UTF-16 text, letter–NUL–
// letter, never qualifies), mostly letters, and few bytes above 0x7F or rare symbols, which binary data is
// full of.
function isMeaningfulByteRun(text: string): boolean {
  if (text.length < MIN_BYTE_RUN_CHARS || !isMeaningfulRun(text)) return false;
  if (!/[A-Za-z]{3}/.test(text)) return false;
  const highBytes = text.match(/[^ -~\t\r]/g)?.length ?? 0;
  const rareSymbols = text.match(/[\^`{}|~<>[\]\\$*=]/g)?.length ?? 0;
  return highBytes / text.length <= 0.2 && rareSymbols / text.length <= 0.1;
}

// Word's paragraph (\r), cell (\x07) and line-break (\x0b) marks.
function cleanWordMarks(text: string): string {
  return text.replaceAll('\r', '\n').replaceAll('\v', '\n').replaceAll('\u0007', '\t');
}
