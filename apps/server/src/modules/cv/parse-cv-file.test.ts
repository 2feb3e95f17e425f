import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeDocx } from './fixtures/cv-fixtures';
import { parseCvFile } from './parse-cv-file';

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'kadry-cv-parse-'));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function writeCv(name: string, data: Uint8Array | string): Promise<string> {
  const path = join(dir, name);
  await writeFile(path, data);
  return path;
}

describe('parseCvFile', () => {
  it('returns the format, the text and the contacts of a CV', async () => {
    const path = await writeCv(
      'whatever.bin',
      await makeDocx(['Jane Doe', 'jane@example.com', '+1 415 555 0134']),
    );
    expect(await parseCvFile(path)).toEqual({
      format: 'docx',
      text: 'Jane Doe\n\njane@example.com\n\n+1 415 555 0134',
      parsed: { name: 'Jane Doe', email: 'jane@example.com', phone: '+14155550134', links: [] },
    });
  });

  it('recognises a DOCX whose telling entries lie beyond the detection head', async () => {
    const base = await JSZip.loadAsync(await makeDocx(['Jane Doe']));
    // An incompressible image stored first pushes [Content_Types].xml past the first 64 KiB.
    const zip = new JSZip();
    zip.file('word/media/image1.png', randomBytes(100 * 1024), { compression: 'STORE' });
    for (const [name, entry] of Object.entries(base.files)) {
      if (!entry.dir) zip.file(name, await entry.async('uint8array'));
    }
    const path = await writeCv(
      'late.docx',
      await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' }),
    );
    expect((await parseCvFile(path)).format).toBe('docx');
  });

  it('refuses a plain zip as unsupported', async () => {
    const zip = new JSZip();
    zip.file('notes.txt', 'Jane Doe');
    const path = await writeCv('cv.docx', await zip.generateAsync({ type: 'nodebuffer' }));
    await expect(parseCvFile(path)).rejects.toMatchObject({ name: 'CvParseError', reason: 'unsupported' });
  });

  it('refuses a file over the upload limit as too_large without reading it', async () => {
    const path = await writeCv('huge.txt', 'Jane Doe');
    await truncate(path, 60 * 1024 * 1024);
    await expect(parseCvFile(path)).rejects.toMatchObject({ reason: 'too_large' });
  });
});
