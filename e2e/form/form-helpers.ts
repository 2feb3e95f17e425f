import { createHash, randomBytes } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import en from '@kadry/shared/i18n/en.json' with { type: 'json' };
import uk from '@kadry/shared/i18n/uk.json' with { type: 'json' };
import type { FormField } from '@kadry/shared/schemas/form';
import { expect, type Locator, type Page } from '@playwright/test';

export type Catalog = Record<string, string>;
export const EN: Catalog = en;
/** The Ukrainian page's texts: the server embeds the English ones for any key uk.json lacks. */
export const UK: Catalog = { ...en, ...uk };

/** The demo vacancy whose default form has every input type; tests of other areas use vacancy 1. */
export const FORM_VACANCY_ID = 2;

/** Fills `{name}` placeholders the way the page does. */
export function fill(text: string | undefined, params: Record<string, string | number> = {}): string {
  if (text === undefined) throw new Error('missing catalog text');
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

/** Opens a vacancy and presses Apply; resolves once the form's first field is on screen. */
export async function openApplicationForm(
  page: Page,
  opts: { vacancyId?: number; query?: string; origin?: string; texts?: Catalog } = {},
): Promise<void> {
  const texts = opts.texts ?? EN;
  await page.goto(`${opts.origin ?? ''}/careers/${opts.vacancyId ?? FORM_VACANCY_ID}${opts.query ?? ''}`);
  await page.getByRole('button', { name: texts['careers.apply'] }).click();
  await expect(page.getByRole('textbox', { name: 'First name' })).toBeVisible();
}

/** The form definition the page works from, to name option ids in expectations. */
export async function fetchFormFields(
  page: Page,
  vacancyId = FORM_VACANCY_ID,
  origin = '',
): Promise<FormField[]> {
  const answer = await page.request.get(`${origin}/api/v1/public-vacancies/${vacancyId}/response`);
  expect(answer.ok()).toBe(true);
  return ((await answer.json()) as { fields: FormField[] }).fields;
}

export function findOptionId(fields: readonly FormField[], fieldName: string, optionName: string): number {
  const option = fields
    .find((field) => field.name === fieldName)
    ?.input_meta?.options?.find((o) => o.name === optionName);
  if (!option) throw new Error(`no option ${optionName} in ${fieldName}`);
  return option.id;
}

export function findOptionNames(fields: readonly FormField[], fieldName: string): string[] {
  return (
    fields.find((field) => field.name === fieldName)?.input_meta?.options?.map((option) => option.name) ?? []
  );
}

export type UploadFile = { name: string; mimeType: string; buffer: Buffer };

/** A plain-text CV (over the 1 KB minimum) with a name, an email and a phone to find. */
export function makeTextCv(
  contacts = { name: 'Grace Hopper', email: 'grace.hopper@example.com', phone: '+12025550143' },
): UploadFile {
  const lines = [
    contacts.name,
    'Software engineer and rear admiral',
    `Email: ${contacts.email}`,
    `Phone: ${contacts.phone}`,
    '',
    'Experience',
    ...Array.from(
      { length: 30 },
      (_, i) => `- Built compiler number ${i + 1} and taught machines to read English.`,
    ),
  ];
  return {
    name: 'grace-hopper-cv.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from(`${lines.join('\n')}\n`, 'utf8'),
  };
}

/** A small but real PDF (the server judges formats by content), padded past the 1 KB minimum. */
export function makePdf(name = 'portfolio.pdf'): UploadFile {
  const body = [
    '%PDF-1.4',
    '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj',
    '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj',
    '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >> endobj',
    'trailer << /Root 1 0 R >>',
    `%${'x'.repeat(1200)}`,
    '%%EOF',
  ].join('\n');
  return { name, mimeType: 'application/pdf', buffer: Buffer.from(body, 'latin1') };
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = (CRC_TABLE[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/** A valid 32×32 PNG of noise (noise does not compress, so it stays above 1 KB). */
export function makePng(name = 'certificate.png'): UploadFile {
  const size = 32;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = randomBytes(size * (1 + size * 3));
  // Each scanline starts with its filter type: 0, none.
  for (let row = 0; row < size; row += 1) rows[row * (1 + size * 3)] = 0;
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(rows)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
  return { name, mimeType: 'image/png', buffer: png };
}

export function sha256(buffer: Buffer): string {
  return createHash('sha256').update(buffer).digest('hex');
}

/** The hidden file input of the files field named `fieldName` (legend text). */
export function fileInputOf(page: Page, fieldName: string): Locator {
  return page.getByRole('group', { name: fieldName }).locator('input[type="file"]');
}

/** Picks an option in one of the form's dropdowns. */
export async function chooseOption(page: Page, combobox: Locator, option: string): Promise<void> {
  await combobox.click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

export type StoredApplication = {
  id: number;
  vacancyId: number;
  source: string;
  answers: { name: string; type: string; input_type: string; value: unknown }[];
  candidate: { name: string; email: string | null; phone: string | null };
  files: {
    fieldIndex: number;
    position: number;
    name: string;
    size: number;
    sha256: string;
    storedSha256: string;
  }[];
};

/** An application as the server stored it (test route, KADRY_TEST_ROUTES=1). */
export async function readApplication(page: Page, id: number, origin = ''): Promise<StoredApplication> {
  const answer = await page.request.get(`${origin}/api/test/applications/${id}`);
  expect(answer.ok()).toBe(true);
  return ((await answer.json()) as { data: StoredApplication }).data;
}

/** Ids of every application of the company behind `origin`. */
export async function listApplicationIds(page: Page, origin = ''): Promise<number[]> {
  const answer = await page.request.get(`${origin}/api/test/applications`);
  expect(answer.ok()).toBe(true);
  return ((await answer.json()) as { data: { id: number }[] }).data.map((row) => row.id);
}

/** Presses Tab until `target` has focus: proves it is reachable with the keyboard alone. */
export async function tabTo(page: Page, target: Locator, maxPresses = 40): Promise<void> {
  for (let i = 0; i < maxPresses; i += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

/** Watches POST submissions of applications from the page. */
export function watchSubmissions(page: Page): { count(): number } {
  let count = 0;
  page.on('request', (request) => {
    if (request.method() === 'POST' && /\/api\/v1\/public-vacancies\/\d+\/response$/.test(request.url()))
      count += 1;
  });
  return { count: () => count };
}
