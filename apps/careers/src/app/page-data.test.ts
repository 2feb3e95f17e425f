import { serializeScriptJson } from '@kadry/shared/careers-page';
import { careersPageDataSchema } from '@kadry/shared/schemas/page-data';
import { afterEach, describe, expect, it } from 'vitest';
import { makePageData } from '../test/fixtures';
import { readInitialData, readPageData } from './page-data';

afterEach(() => {
  document.body.innerHTML = '';
});

describe('reading the embedded data', () => {
  it('round-trips the page data through the HTML', () => {
    const pageData = makePageData({ settings: { ...makePageData().settings, name: 'A </script> B' } });
    document.body.innerHTML = `<script type="application/json" id="page-data">${serializeScriptJson(pageData)}</script>`;
    expect(careersPageDataSchema.parse(readPageData(document))).toEqual(pageData);
  });

  it('answers kind none when the page carries no initial data', () => {
    expect(readInitialData(document)).toEqual({ kind: 'none' });
  });
});
