import { describe, expect, it } from 'vitest';
import { rankWords } from './endpoints';

describe('rankWords', () => {
  it('ranks words of five or more letters by frequency, ignoring HTML tags and case', () => {
    expect(
      rankWords(
        '<strong>Build</strong> things. We build <a href="https://x.io">great</a> teams; BUILD! a an the',
      ),
    ).toEqual(['build', 'great', 'teams', 'things']);
  });

  it('keeps letters of any script', () => {
    expect(rankWords('Розробник розробник команда')[0]).toBe('розробник');
  });
});
