import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { CareersRenderInput } from '@kadry/shared/careers-page';
import { describe, expect, it } from 'vitest';
import { CAREERS_SERVER_ENTRY } from '../../../test/careers-build';

const run = promisify(execFile);

// The renderer is built once and loaded by servers of every kind. A bundle built in development mode
// calls React's development-only JSX runtime, which a production server (NODE_ENV=production) lacks:
// every careers page then answered 500 while the tests, running under NODE_ENV=test, stayed green.

const input: CareersRenderInput = {
  pageData: {
    vacancyId: null,
    vacanciesListUrl: '/careers',
    consentPageUrl: null,
    captchaSiteKey: null,
    settings: {
      name: 'Acme',
      avatar_src: null,
      font: null,
      colors: { background: '#ffffff', header: '#1f2937', button: '#2563eb' },
      indexing: true,
    },
    languages: [{ code: 'en', name: 'English', emoji: '🇬🇧' }],
    currentLanguage: 'en',
    translations: {},
    notFound: false,
  },
  initialData: {
    kind: 'list',
    list: { data: [], meta: { current_page: 1, last_page: 1, per_page: 20, total: 0 } },
  },
  pathname: '/careers',
  search: '',
};

describe('the careers page renderer build', () => {
  it('renders under a production server (a production build, not a development one)', async () => {
    const script = `
      const { renderCareersApp } = await import(${JSON.stringify(`file://${CAREERS_SERVER_ENTRY}`)});
      process.stdout.write(renderCareersApp(${JSON.stringify(input)}));
    `;
    const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script], {
      env: { ...process.env, NODE_ENV: 'production' },
      timeout: 30_000,
    });
    expect(stdout).toContain('Acme');
  });
});
