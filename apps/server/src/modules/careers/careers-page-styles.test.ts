import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCareersAssetsReader } from './careers-page-assets';
import { renderCareersDocument } from './careers-page-document';

// Issue 18 (Lighthouse): the careers page carries its few KB of CSS in a <style>, so no stylesheet
// request blocks its first paint.

let clientDir: string;

async function writeBuild(files: Record<string, string>) {
  await mkdir(path.join(clientDir, '.vite'), { recursive: true });
  await mkdir(path.join(clientDir, 'assets'), { recursive: true });
  for (const [name, text] of Object.entries(files)) await writeFile(path.join(clientDir, name), text);
  await writeFile(
    path.join(clientDir, '.vite', 'manifest.json'),
    JSON.stringify({
      'src/app/entry-client.tsx': {
        file: 'assets/entry-client-abc.js',
        isEntry: true,
        css: ['assets/entry-client-abc.css', 'assets/extra-def.css'],
      },
    }),
  );
}

const render = (assets: Awaited<ReturnType<ReturnType<typeof createCareersAssetsReader>>>) =>
  renderCareersDocument({
    locale: 'en',
    headTags: '<title>Careers</title>',
    appHtml: '<main></main>',
    // Only serialised into the page: its shape does not matter here.
    pageData: {} as never,
    initialData: { kind: 'none' },
    jsonLd: null,
    assets,
  });

beforeAll(async () => {
  clientDir = await mkdtemp(path.join(tmpdir(), 'kadry-careers-styles-'));
});

afterAll(async () => {
  await rm(clientDir, { recursive: true, force: true });
});

describe("the careers page's styles", () => {
  it('are inlined in one <style>, in the build order, with no stylesheet link', async () => {
    await writeBuild({
      'assets/entry-client-abc.js': 'console.log(1)',
      'assets/entry-client-abc.css': 'body{color:red}',
      'assets/extra-def.css': '.a::after{content:"</style><script>x</script>"}',
    });
    const assets = await createCareersAssetsReader(clientDir)();
    const html = render(assets);
    expect(html).toContain(
      '<style>body{color:red}\n.a::after{content:"<\\/style><script>x<\\/script>"}</style>',
    );
    expect(html).not.toContain('rel="stylesheet"');
    // The style element ends only where it should: the text cannot close it early.
    expect(html.match(/<\/style>/g)).toHaveLength(1);
    expect(html).toContain(
      '<script type="module" crossorigin src="/static/careers/assets/entry-client-abc.js">',
    );
  });

  it('are linked as before when a file of the build cannot be read', async () => {
    await rm(path.join(clientDir, 'assets', 'extra-def.css'));
    const reader = createCareersAssetsReader(clientDir);
    const html = render(await reader());
    expect(html).not.toContain('<style>');
    expect(html).toContain('<link rel="stylesheet" href="/static/careers/assets/entry-client-abc.css">');
    expect(html).toContain('<link rel="stylesheet" href="/static/careers/assets/extra-def.css">');
  });
});
