import { describe, expect, it } from 'vitest';
import { formatFileSize } from './file-size';

// Spec §9: sizes in KB, MB, GB.

describe('formatFileSize', () => {
  it('says KB under a megabyte, MB under a gigabyte, then GB', () => {
    expect(formatFileSize(340 * 1024, 'en')).toBe('340 KB');
    expect(formatFileSize(1536 * 1024, 'en')).toBe('1.5 MB');
    expect(formatFileSize(25 * 1024 * 1024, 'en')).toBe('25 MB');
    expect(formatFileSize(2 * 1024 * 1024 * 1024, 'en')).toBe('2 GB');
  });

  it('never rounds a small file to nothing', () => {
    expect(formatFileSize(12, 'en')).toBe('0.1 KB');
    expect(formatFileSize(0, 'en')).toBe('0 KB');
  });

  it('writes the units and the decimal separator of Russian and Ukrainian', () => {
    expect(formatFileSize(1536 * 1024, 'ru')).toBe('1,5 МБ');
    expect(formatFileSize(340 * 1024, 'uk')).toBe('340 КБ');
    expect(formatFileSize(3 * 1024 * 1024 * 1024, 'uk')).toBe('3 ГБ');
  });
});
