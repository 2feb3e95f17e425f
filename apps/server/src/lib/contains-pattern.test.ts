import { describe, expect, it } from 'vitest';
import { buildContainsPattern } from './contains-pattern';

describe('buildContainsPattern', () => {
  it('wraps the text in wildcards', () => {
    expect(buildContainsPattern('kyiv')).toBe('%kyiv%');
  });

  it('takes wildcards and the escape character typed by a person literally', () => {
    expect(buildContainsPattern('100%_a\\b')).toBe('%100\\%\\_a\\\\b%');
  });
});
