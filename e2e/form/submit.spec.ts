import { expect, test } from '@playwright/test';
import {
  chooseOption,
  EN,
  fetchFormFields,
  fileInputOf,
  findOptionId,
  findOptionNames,
  listApplicationIds,
  makePdf,
  makePng,
  makeTextCv,
  openApplicationForm,
  readApplication,
  sha256,
  watchSubmissions,
} from './form-helpers';

test('a complete fill is sent, shows the success view, and is stored exactly as entered with identical files', async ({
  page,
}) => {
  const fields = await fetchFormFields(page);
  await openApplicationForm(page, { query: '?source=e2e-board' });

  const cv = makeTextCv();
  await fileInputOf(page, 'CV').setInputFiles(cv);
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue('grace.hopper@example.com');
  await expect(page.getByRole('textbox', { name: 'First name' })).toHaveValue('Grace');
  await expect(page.getByRole('textbox', { name: 'Last name' })).toHaveValue('Hopper');

  await page.getByRole('textbox', { name: 'LinkedIn or portfolio' }).fill('https://grace.example.com/work');
  await page
    .getByRole('textbox', { name: 'Cover letter' })
    .fill('I would like to build your compilers.\nThank you!');
  await page.getByRole('textbox', { name: 'Date of birth' }).pressSequentially('05071990');
  await expect(page.getByRole('textbox', { name: 'Date of birth' })).toHaveValue('05/07/1990');
  await page.getByRole('textbox', { name: 'Earliest start date' }).pressSequentially('03012027');
  await page.getByRole('textbox', { name: 'Years of experience' }).pressSequentially('7');

  const experience = findOptionNames(fields, 'Experience')[1] ?? '';
  const searchStatus = findOptionNames(fields, 'Job search status')[0] ?? '';
  const sex = findOptionNames(fields, 'Sex')[0] ?? '';
  await chooseOption(page, page.getByRole('combobox', { name: 'Experience' }), experience);
  await chooseOption(page, page.getByRole('combobox', { name: 'Job search status' }), searchStatus);
  await chooseOption(page, page.getByRole('combobox', { name: 'Sex' }), sex);

  await page.getByRole('combobox', { name: 'Preferred areas' }).click();
  await page.getByRole('option', { name: 'Data', exact: true }).click();
  await page.getByRole('option', { name: 'Sales', exact: true }).click();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('combobox', { name: 'Preferred areas' })).toHaveText('Data, Sales');

  await page.getByRole('checkbox', { name: 'Ready to relocate' }).check();
  await page.getByRole('checkbox', { name: 'A friend or colleague' }).check();
  await page.getByRole('checkbox', { name: 'LinkedIn' }).check();

  const [language1 = '', language2 = ''] = findOptionNames(fields, 'Languages');
  await chooseOption(page, page.getByRole('combobox', { name: 'Language', exact: true }), language1);
  await page.getByRole('button', { name: `+ ${EN['careers.form.add_language']}` }).click();
  await chooseOption(page, page.getByRole('combobox', { name: 'Language 2' }), language2);

  await page.getByRole('textbox', { name: 'From' }).fill('3000');
  await page.getByRole('textbox', { name: 'To' }).fill('5000.50');
  const currency = findOptionNames(fields, 'Expected salary').find((name) => name !== 'USD ($)') ?? '';
  await chooseOption(page, page.getByRole('combobox', { name: 'Currency' }), currency);

  const pdf = makePdf();
  const png = makePng();
  await fileInputOf(page, 'Other files (portfolio, certificates)').setInputFiles([pdf, png]);

  const created = page.waitForResponse(
    (response) =>
      response.request().method() === 'POST' && /\/public-vacancies\/2\/response$/.test(response.url()),
  );
  await page.getByRole('button', { name: 'Send' }).click();
  const answer = await created;
  expect(answer.status()).toBe(201);
  await expect(page.getByRole('heading', { level: 1, name: EN['careers.success.title'] })).toBeVisible();
  await expect(page.getByText(EN['careers.success.text'] ?? '')).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: EN['careers.all_vacancies'] })).toBeVisible();

  const { data } = (await answer.json()) as { data: { id: number } };
  const stored = await readApplication(page, data.id);
  expect(stored.vacancyId).toBe(2);
  expect(stored.source).toBe('e2e-board');
  const languageField = fields.find((field) => field.name === 'Languages');
  const levelOf = (name: string) =>
    String(languageField?.input_meta?.options?.find((option) => option.name === name)?.meta?.[0]?.id ?? '');
  // Browsers send every line break of a multipart text value as CRLF (HTML's form-data encoding), so the
  // server receives the textarea's '\n' as '\r\n'. Compared as typed; see the report to the lead.
  const values = stored.answers.map((answer) =>
    typeof answer.value === 'string' ? answer.value.replace(/\r\n/g, '\n') : answer.value,
  );
  expect(values.slice(0, 5)).toEqual([
    'Grace',
    'Hopper',
    'grace.hopper@example.com',
    '+12025550143',
    'https://grace.example.com/work',
  ]);
  expect(values[5]).toEqual([
    expect.objectContaining({ name: cv.name, size: cv.buffer.length, format: 'txt' }),
  ]);
  expect(values.slice(6, 18)).toEqual([
    'I would like to build your compilers.\nThank you!',
    '1990-05-07',
    '2027-03-01',
    '7',
    String(findOptionId(fields, 'Experience', experience)),
    String(findOptionId(fields, 'Job search status', searchStatus)),
    String(findOptionId(fields, 'Sex', sex)),
    [
      String(findOptionId(fields, 'Preferred areas', 'Data')),
      String(findOptionId(fields, 'Preferred areas', 'Sales')),
    ],
    true,
    [
      String(findOptionId(fields, 'How did you hear about us', 'LinkedIn')),
      String(findOptionId(fields, 'How did you hear about us', 'A friend or colleague')),
    ],
    [
      { language: String(findOptionId(fields, 'Languages', language1)), level: levelOf(language1) },
      { language: String(findOptionId(fields, 'Languages', language2)), level: levelOf(language2) },
    ],
    { min: '3000', max: '5000.50', currency: String(findOptionId(fields, 'Expected salary', currency)) },
  ]);
  expect(values[18]).toEqual([
    expect.objectContaining({ name: pdf.name, size: pdf.buffer.length, format: 'pdf' }),
    expect.objectContaining({ name: png.name, size: png.buffer.length, format: 'png' }),
  ]);
  expect(stored.candidate).toMatchObject({ name: 'Grace Hopper', email: 'grace.hopper@example.com' });

  // Byte-identical: the hash of what storage holds equals the hash of what was chosen.
  const expectedFiles = [
    { fieldIndex: 5, position: 0, file: cv },
    { fieldIndex: 18, position: 0, file: pdf },
    { fieldIndex: 18, position: 1, file: png },
  ];
  expect(stored.files).toHaveLength(3);
  for (const { fieldIndex, position, file } of expectedFiles) {
    const storedFile = stored.files.find((f) => f.fieldIndex === fieldIndex && f.position === position);
    expect(storedFile).toMatchObject({
      name: file.name,
      size: file.buffer.length,
      sha256: sha256(file.buffer),
    });
    expect(storedFile?.storedSha256).toBe(sha256(file.buffer));
  }
});

test('a double click on Send creates one application', async ({ page }) => {
  const submissions = watchSubmissions(page);
  const before = new Set(await listApplicationIds(page));
  await openApplicationForm(page);
  const marker = `Double${Date.now()}`;
  await page.getByRole('textbox', { name: 'First name' }).fill(marker);
  await page.getByRole('textbox', { name: 'Email' }).fill('double.click@example.com');
  await fileInputOf(page, 'CV').setInputFiles(
    makeTextCv({ name: marker, email: 'x@example.com', phone: '+380441234567' }),
  );
  await expect(page.getByRole('button', { name: 'Send' })).not.toHaveAttribute('aria-disabled');

  await page.getByRole('button', { name: 'Send' }).dblclick();
  await expect(page.getByRole('heading', { level: 1, name: EN['careers.success.title'] })).toBeVisible();

  const added = (await listApplicationIds(page)).filter((id) => !before.has(id));
  const mine = [];
  for (const id of added) {
    const stored = await readApplication(page, id);
    if (stored.answers[0]?.value === marker) mine.push(id);
  }
  expect(mine).toHaveLength(1);
  expect(submissions.count()).toBe(1);
});
