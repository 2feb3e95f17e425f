import { describe, expect, it } from 'vitest';
import { serializeScriptJson } from './careers-page';

describe('serializeScriptJson', () => {
  it('cannot close the script element or open a comment', () => {
    const json = serializeScriptJson({ name: '</script><script>alert(1)</script><!--' });
    expect(json).not.toMatch(/[<>]/);
    expect(JSON.parse(json)).toEqual({ name: '</script><script>alert(1)</script><!--' });
  });

  it('keeps line and paragraph separators from ending a script line', () => {
    const json = serializeScriptJson({ text: 'a\u2028b\u2029c & d' });
    expect(json).not.toMatch(/[\u2028\u2029&]/);
    expect(JSON.parse(json)).toEqual({ text: 'a\u2028b\u2029c & d' });
  });
});
