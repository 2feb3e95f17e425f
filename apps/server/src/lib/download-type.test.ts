import { describe, expect, it } from 'vitest';
import { describeDownload } from './download-type';

// A stored upload is served under the format its content was detected as, never the uploader's name.

describe('describeDownload', () => {
  it('names the file by the detected format and answers its Content-Type', () => {
    expect(describeDownload('CV.html', 'txt')).toEqual({
      name: 'CV.txt',
      contentType: 'text/plain; charset=utf-8',
    });
    expect(describeDownload('contract.pdf', 'PDF')).toEqual({
      name: 'contract.pdf',
      contentType: 'application/pdf',
    });
  });

  it('serves an unknown or undetected format as opaque bytes', () => {
    expect(describeDownload('run.exe', 'exe')).toEqual({
      name: 'run.bin',
      contentType: 'application/octet-stream',
    });
    expect(describeDownload('  .pdf ', null)).toEqual({
      name: 'file.bin',
      contentType: 'application/octet-stream',
    });
  });
});
