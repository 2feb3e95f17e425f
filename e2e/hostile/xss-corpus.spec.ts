import { expect, type Page, test } from '@playwright/test';
import { buildNameCorpus, buildXssCorpus, PAYLOAD_RESET, type XssPayload } from './xss-payloads';

// Every payload of the corpus goes into a vacancy body (and some into vacancy names) through the test
// route, and the pages are rendered in Chromium with a trap: `window.__xss`, `alert` and the other
// dialogs, popups and navigations all count as a payload executing. The content security policy is
// bypassed on purpose, so the sanitiser alone must stop everything (the CSP is the second wall, not
// the one under test). Creates 24 published vacancies in the demo company; runs in about half a minute.

test.describe.configure({ mode: 'serial' });
test.use({ bypassCSP: true });

const CORPUS = buildXssCorpus();
const NAMES = buildNameCorpus(CORPUS.length + 1);
const VACANCY_COUNT = NAMES.length;

/** Elements the sanitiser never lets through: anything that runs, loads, frames, styles or submits. */
const FORBIDDEN_IN_BODY =
  'script, iframe, frame, frameset, object, embed, applet, img, image, svg, math, style, link, meta, base, ' +
  'form, input, button, textarea, select, option, video, audio, source, track, template, noscript, xmp, ' +
  'marquee, details, area, map, portal, noembed, noframes';
const FORBIDDEN_BODY_ATTRIBUTES = ['style', 'srcdoc', 'formaction', 'xlink:href', 'src', 'action', 'data'];

/** Attributes a browser follows as a URL (a script URL in any of them runs or navigates). */
const URL_ATTRIBUTES = [
  'href',
  'src',
  'action',
  'formaction',
  'data',
  'xlink:href',
  'poster',
  'background',
  'cite',
  'srcdoc',
  'content',
  'values',
  'to',
];

type PlannedVacancy = { name: XssPayload; description: XssPayload[]; demand: XssPayload[] };
type CreatedVacancy = PlannedVacancy & { id: number };

/** Spreads the corpus over the vacancies, half of each share in the description, half in the requirements. */
function planVacancies(): PlannedVacancy[] {
  return NAMES.map((name, v) => {
    const share = CORPUS.filter((payload) => payload.id % VACANCY_COUNT === v);
    const half = Math.ceil(share.length / 2);
    return { name, description: share.slice(0, half), demand: share.slice(half) };
  });
}

/** A slot marker before each payload: if a payload swallowed what follows it, its marker would be missing. */
function slotMarker(payload: XssPayload): string {
  return `xss-slot-${payload.id}`;
}

function toBody(payloads: readonly XssPayload[]): string {
  return payloads.map((payload) => `<p>${slotMarker(payload)}</p>${payload.html}${PAYLOAD_RESET}`).join('\n');
}

/**
 * Everything that would mean a payload ran. The trap function is exposed to every frame (iframes and
 * data: documents included), so a payload reaching `window`, `parent` or `top` is caught.
 */
async function installTrap(page: Page, hits: string[]): Promise<void> {
  await page.exposeFunction('__xssHit', (n: unknown) => {
    hits.push(`__xss(${String(n)})`);
  });
  await page.addInitScript(() => {
    const w = window as unknown as { __xss?: (n: unknown) => void; __xssHit?: (n: unknown) => void };
    w.__xss = (n) => w.__xssHit?.(n);
  });
  page.on('dialog', (dialog) => {
    hits.push(`${dialog.type()}(${dialog.message()})`);
    void dialog.dismiss();
  });
  page.on('popup', (popup) => hits.push(`popup ${popup.url()}`));
}

/** What a rendered page holds that it must not: handlers, script URLs, forbidden elements, broken JSON. */
async function findLeftovers(page: Page): Promise<string[]> {
  return page.evaluate(
    ({ forbidden, forbiddenAttributes, urlAttributes }) => {
      const found: string[] = [];
      const describe = (el: Element) => `<${el.tagName.toLowerCase()}>`;
      const isScriptUrl = (value: string) =>
        // biome-ignore lint/suspicious/noControlCharactersInRegex: browsers skip these before a scheme
        /^(javascript|vbscript):/i.test(value.replace(/[\u0000-\u0020\u007f-\u00a0]+/g, ''));
      for (const el of document.querySelectorAll('*')) {
        for (const name of el.getAttributeNames()) {
          const value = el.getAttribute(name) ?? '';
          const isUrlAttribute = urlAttributes.includes(name.toLowerCase());
          if (name.toLowerCase().startsWith('on') || (isUrlAttribute && isScriptUrl(value))) {
            found.push(`${describe(el)} ${name}="${value.slice(0, 80)}"`);
          }
        }
      }
      for (const body of document.querySelectorAll('.vacancy-section__body')) {
        for (const el of body.querySelectorAll(forbidden)) found.push(`${describe(el)} in a vacancy section`);
        for (const el of body.querySelectorAll('*')) {
          if (el.tagName.includes('-')) found.push(`${describe(el)} (custom element) in a vacancy section`);
          for (const name of forbiddenAttributes) {
            if (el.hasAttribute(name)) found.push(`${describe(el)} ${name} in a vacancy section`);
          }
          // What the browser would follow: relative links are fine, any scheme but these is not.
          const href = el.getAttribute('href');
          const protocol = href === null ? null : new URL(href, document.baseURI).protocol;
          if (protocol !== null && !['http:', 'https:', 'mailto:', 'tel:'].includes(protocol)) {
            found.push(`${describe(el)} href="${href?.slice(0, 80)}" (${protocol})`);
          }
        }
      }
      for (const script of document.querySelectorAll('script')) {
        const type = script.getAttribute('type');
        if (type === 'application/json' || type === 'application/ld+json') {
          try {
            JSON.parse(script.textContent ?? '');
          } catch {
            found.push(`<script type="${type}"> that is not JSON`);
          }
        } else if (!script.src || new URL(script.src).origin !== location.origin) {
          found.push(`<script> not of this site: ${(script.src || script.textContent || '').slice(0, 80)}`);
        }
      }
      return found;
    },
    {
      forbidden: FORBIDDEN_IN_BODY,
      forbiddenAttributes: FORBIDDEN_BODY_ATTRIBUTES,
      urlAttributes: URL_ATTRIBUTES,
    },
  );
}

let created: CreatedVacancy[] = [];

test.beforeAll(async ({ request }) => {
  const plan = planVacancies();
  created = [];
  for (const vacancy of plan) {
    const response = await request.post('/api/test/vacancies', {
      data: {
        name: vacancy.name.html,
        description: toBody(vacancy.description),
        demand: toBody(vacancy.demand),
        isPublished: true,
      },
    });
    expect(response.status(), await response.text()).toBe(201);
    const { data } = (await response.json()) as { data: { id: number } };
    created.push({ ...vacancy, id: data.id });
  }
});

test(`the corpus holds at least 500 payloads (${CORPUS.length} in bodies, ${NAMES.length} in names)`, () => {
  expect(CORPUS.length).toBeGreaterThanOrEqual(500);
  expect(new Set([...CORPUS, ...NAMES].map((payload) => payload.id)).size).toBe(CORPUS.length + NAMES.length);
  expect(created).toHaveLength(VACANCY_COUNT);
});

test('the trap catches a payload that runs: in the page, as a dialog, and from a frame', async ({ page }) => {
  const hits: string[] = [];
  await installTrap(page, hits);
  // A page of our own making, unsanitised, on an address the router answers without the server.
  await page.route('http://trap.test/', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body:
        '<img src=x onerror="__xss(1)"><script>alert(2)</script>' +
        '<iframe srcdoc="<script>parent.__xss(3)</script>"></iframe><a href="javascript:__xss(4)">x</a>',
    }),
  );
  await page.goto('http://trap.test/');
  await expect.poll(() => [...hits].sort()).toEqual(['__xss(1)', '__xss(3)', 'alert(2)']);
  expect(await findLeftovers(page)).toEqual([
    '<img> onerror="__xss(1)"',
    '<a> href="javascript:__xss(4)"',
    '<script> not of this site: alert(2)',
  ]);
});

test('details pages render every payload of every vacancy body as inert text, and run none of them', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const hits: string[] = [];
  await installTrap(page, hits);
  const problems: string[] = [];
  for (const vacancy of created) {
    const url = `/careers/${vacancy.id}`;
    const response = await page.goto(url, { waitUntil: 'networkidle' });
    expect(response?.status(), url).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(vacancy.name.html);
    // Handlers that need a pointer or focus get one.
    for (const body of await page.locator('.vacancy-section__body').all()) await body.hover();
    await page.keyboard.press('Tab');

    expect(new URL(page.url()).pathname, `still on ${url}`).toBe(url);
    for (const leftover of await findLeftovers(page)) problems.push(`${url}: ${leftover}`);
    const text = (await page.locator('.vacancy-section__body').allTextContents()).join('\n');
    for (const payload of [...vacancy.description, ...vacancy.demand]) {
      if (!text.includes(slotMarker(payload)))
        problems.push(`${url}: slot of payload ${payload.id} is missing`);
    }
  }
  await page.waitForTimeout(300);
  expect(hits, 'payloads that executed').toEqual([]);
  expect(problems).toEqual([]);
});

test('the list renders every hostile name as text and runs none of them', async ({ page }) => {
  const hits: string[] = [];
  await installTrap(page, hits);
  await page.goto('/careers', { waitUntil: 'networkidle' });
  const names = page.locator('.vacancy-list .vacancy-item__name');
  await expect(names.first()).toBeVisible();
  // The vacancies are the newest, so they fill the first pages: scroll until all of them are listed.
  const expected = created.map((vacancy) => vacancy.name.html);
  await expect(async () => {
    await names.last().scrollIntoViewIfNeeded();
    const shown = await names.allTextContents();
    expect(expected.filter((name) => !shown.includes(name))).toEqual([]);
  }).toPass({ timeout: 20_000 });
  await names.first().hover();
  await page.waitForTimeout(300);

  expect(new URL(page.url()).pathname).toBe('/careers');
  expect(await findLeftovers(page)).toEqual([]);
  expect(hits, 'payloads that executed').toEqual([]);
});
