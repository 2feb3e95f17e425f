import { makeDemoFields, makeField, makeFile } from '@kadry/ui/form/test-support/form-fixtures';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, makeLocalePageData, makeVacancy } from '../../test/fixtures';
import { renderInPage } from '../../test/render-in-page';
import { ResponseFormView } from './response-form-view';

type Call = { url: string; method: string; headers: Headers; body: FormData | null };

// These tests walk whole flows through a busy two-core machine; give them room.
vi.setConfig({ testTimeout: 15_000 });

const fetchMock = vi.fn<typeof fetch>();
let calls: Call[] = [];
let definitionFields = makeDemoFields();
let answerSubmission: () => Response | Promise<Response>;
let answerCvParse: () => Response | Promise<Response>;

const CV_PARSED = {
  data: {
    cache_id: 'cache-123',
    parsed: { name: 'Ada Lovelace', email: 'ada@example.com', phone: '+44 20 7946 0958', links: [] },
  },
};

beforeEach(() => {
  calls = [];
  definitionFields = makeDemoFields();
  answerSubmission = () => jsonResponse({ data: { id: 1 } }, 201, 'Created');
  answerCvParse = () => jsonResponse(CV_PARSED);
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    calls.push({
      url,
      method,
      headers: new Headers(init?.headers),
      body: init?.body instanceof FormData ? init.body : null,
    });
    if (method === 'GET' && url.endsWith('/response')) return jsonResponse({ fields: definitionFields });
    if (url.endsWith('/parse/cv')) return answerCvParse();
    if (method === 'POST' && url.endsWith('/response')) return answerSubmission();
    throw new Error(`unexpected ${method} ${url}`);
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

const submissions = () => calls.filter((call) => call.method === 'POST' && call.url.endsWith('/response'));
const parses = () => calls.filter((call) => call.url.endsWith('/parse/cv'));

async function renderForm(opts: { captchaSiteKey?: string | null; consentPageUrl?: string | null } = {}) {
  const onSubmitted = vi.fn();
  const onBack = vi.fn();
  const pageData = {
    ...makeLocalePageData('en'),
    vacancyId: 7,
    captchaSiteKey: opts.captchaSiteKey === undefined ? 'test' : opts.captchaSiteKey,
    consentPageUrl: opts.consentPageUrl === undefined ? 'https://example.com/privacy' : opts.consentPageUrl,
  };
  renderInPage(
    <ResponseFormView vacancy={makeVacancy()} isActive onBack={onBack} onSubmitted={onSubmitted} />,
    {
      pageData,
      pathname: '/careers/7',
      search: '?source=linkedin',
    },
  );
  await screen.findByRole('textbox', { name: 'First name' });
  return { onSubmitted, onBack, user: userEvent.setup() };
}

function chooseCv(file = makeFile('cv.pdf', 4096)) {
  const input = screen
    .getByRole('group', { name: /^CV/ })
    .querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('no CV input');
  fireEvent.change(input, { target: { files: [file] } });
}

async function fillRequired(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByRole('textbox', { name: 'First name' }), 'Grace');
  await user.type(screen.getByRole('textbox', { name: 'Email' }), 'grace@example.com');
  const parsesBefore = parses().length;
  chooseCv();
  await waitFor(() => expect(parses()).toHaveLength(parsesBefore + 1));
  await waitFor(() =>
    expect(screen.getByRole('button', { name: 'Send' })).not.toHaveAttribute('aria-disabled'),
  );
}

function entriesOf(call: Call | undefined): [string, string][] {
  return [...(call?.body?.entries() ?? [])].map(([name, value]) => [
    name,
    typeof value === 'string' ? value : `file:${value.name}`,
  ]);
}

describe('ResponseFormView — the form', () => {
  it('shows the fields in order, a red asterisk on required titles, Send and the consent link', async () => {
    await renderForm();
    expect(calls[0]?.url).toBe('/api/v1/public-vacancies/7/response');
    expect(calls[0]?.headers.get('Accept-Language')).toBe('en');
    const firstName = screen.getByText('First name', { selector: 'label' });
    expect(firstName.querySelector('.field__required')).toHaveTextContent('*');
    expect(screen.getByText('Last name', { selector: 'label' }).querySelector('.field__required')).toBeNull();
    expect(screen.getByRole('textbox', { name: 'First name' })).toHaveAttribute('aria-required', 'true');
    expect(screen.getByRole('button', { name: 'Send' })).toHaveAttribute('type', 'submit');
    const consent = screen.getByRole('link', { name: 'processing of my personal data' });
    expect(consent).toHaveAttribute('href', 'https://example.com/privacy');
    expect(consent).toHaveAttribute('target', '_blank');
    expect(consent.closest('p')).toHaveTextContent('I agree to the processing of my personal data');
    // Issue 18: the hint names both limits (spec §5: at least 1024 bytes, at most 50 MB).
    expect(screen.getByText('From 1 KB to 50 MB · PDF, DOC, DOCX, RTF, ODT, TXT')).toBeInTheDocument();
  });

  it('leaves out the consent line when there is no consent page', async () => {
    await renderForm({ consentPageUrl: null });
    expect(screen.queryByText(/I agree/)).not.toBeInTheDocument();
  });

  it('validates a text field when focus leaves it, and clears the error as soon as it is fixed', async () => {
    const { user } = await renderForm();
    const email = screen.getByRole('textbox', { name: 'Email' });
    await user.type(email, 'grace@');
    expect(email).not.toHaveAttribute('aria-invalid');
    await user.tab();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('Enter a valid email address, for example name@example.com');
    await user.type(email, 'example.com');
    expect(email).not.toHaveAttribute('aria-invalid');
    expect(email).not.toHaveAccessibleDescription();
  });

  it('validates a checkbox and a multiselect as soon as they change, without waiting for blur', async () => {
    definitionFields = [
      makeField('checkbox', { name: 'I accept the terms', required: true }),
      makeField('multiselect', {
        name: 'Areas',
        required: true,
        input_meta: { options: [{ id: 1, name: 'Data' }] },
      }),
      makeField('text', { name: 'First name', type: 'name' }),
    ];
    const { user } = await renderForm();
    const terms = screen.getByRole('checkbox', { name: 'I accept the terms' });
    await user.click(terms);
    expect(terms).not.toHaveAttribute('aria-invalid');
    await user.click(terms);
    expect(terms).toHaveAttribute('aria-invalid', 'true');
    expect(terms).toHaveFocus();
    expect(terms).toHaveAccessibleDescription('Please fill in this field');

    const areas = screen.getByRole('combobox', { name: 'Areas' });
    await user.click(areas);
    await user.click(await screen.findByRole('option', { name: 'Data' }));
    await user.click(screen.getByRole('option', { name: 'Data' }));
    await waitFor(() => expect(areas).toHaveAttribute('aria-invalid', 'true'));
  });
});

describe('ResponseFormView — submitting', () => {
  it('sends nothing when the form is invalid, shows every required message and focuses the first field', async () => {
    const { user, onSubmitted } = await renderForm();
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findAllByText('Please fill in this field')).toHaveLength(3);
    expect(screen.getByRole('textbox', { name: 'First name' })).toHaveFocus();
    expect(screen.getByRole('textbox', { name: 'First name' })).toHaveAccessibleDescription(
      'Please fill in this field',
    );
    expect(screen.getByRole('button', { name: 'Add file' })).toHaveAccessibleDescription(
      /Please fill in this field/,
    );
    expect(submissions()).toHaveLength(0);
    expect(onSubmitted).not.toHaveBeenCalled();
  });

  it('sends the multipart of spec §3.1 with source, cache id, captcha token and an Idempotency-Key', async () => {
    const { user, onSubmitted } = await renderForm();
    await fillRequired(user);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(onSubmitted).toHaveBeenCalledTimes(1));

    const [call] = submissions();
    expect(call?.url).toBe('/api/v1/public-vacancies/7/response');
    expect(call?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    const entries = entriesOf(call);
    expect(entries.slice(0, 3)).toEqual([
      ['source', 'linkedin'],
      ['cache_id', 'cache-123'],
      ['g_recaptcha_response', expect.stringMatching(/^test:pass:/)],
    ]);
    expect(entries).toContainEqual(['fields[0][type]', 'name']);
    expect(entries).toContainEqual(['fields[0][input_value]', 'Grace']);
    expect(entries).toContainEqual(['fields[5][input_value]', 'file:cv.pdf']);
    // The phone came from the CV because it was empty; the typed name and email were kept, and the
    // surname stays empty rather than holding half of a name that no longer matches the first name.
    expect(entries).toContainEqual(['fields[1][input_value]', '']);
    expect(entries).toContainEqual(['fields[2][input_value]', 'grace@example.com']);
    expect(entries).toContainEqual(['fields[3][input_value]', '+442079460958']);
    expect(entries).toContainEqual(['fields[8][value]', 'years_of_experience']);
    expect(entries).toContainEqual(['fields[14][input_value][currency]', '8']);
  });

  it('shows the 422 errors under their fields, focuses the first, and keeps the key for the retry', async () => {
    const { user, onSubmitted } = await renderForm();
    await fillRequired(user);
    answerSubmission = () =>
      jsonResponse(
        {
          message: 'Please check the highlighted fields',
          errors: { 'fields.2.input_value': ['This address bounces'] },
        },
        422,
        'Unprocessable Entity',
      );
    await user.click(screen.getByRole('button', { name: 'Send' }));
    const email = screen.getByRole('textbox', { name: 'Email' });
    await waitFor(() => expect(email).toHaveAccessibleDescription('This address bounces'));
    expect(email).toHaveFocus();
    expect(screen.getByRole('alert')).toHaveTextContent('This address bounces');
    expect(onSubmitted).not.toHaveBeenCalled();

    answerSubmission = () => jsonResponse({ data: { id: 2 } }, 201, 'Created');
    await user.clear(email);
    await user.type(email, 'grace@work.example.com');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(onSubmitted).toHaveBeenCalledTimes(1));
    const [first, second] = submissions();
    expect(second?.headers.get('Idempotency-Key')).toBe(first?.headers.get('Idempotency-Key'));
  });

  it('retries a lost answer with the same Idempotency-Key, and a new form gets a new key', async () => {
    const { user, onSubmitted } = await renderForm();
    await fillRequired(user);
    answerSubmission = () => Promise.reject(new TypeError('Failed to fetch'));
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Network error');
    expect(screen.getByRole('textbox', { name: 'First name' })).toHaveValue('Grace');

    answerSubmission = () => jsonResponse({ data: { id: 3 } }, 201, 'Created');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(onSubmitted).toHaveBeenCalledTimes(1));
    const keys = submissions().map((call) => call.headers.get('Idempotency-Key'));
    expect(keys[1]).toBe(keys[0]);
    // The captcha token is single-use: each attempt carried its own.
    const tokens = submissions().map((call) => call.body?.get('g_recaptcha_response'));
    expect(tokens[1]).not.toBe(tokens[0]);

    // After success the form starts over, and its next submission is a new application.
    expect(screen.getByRole('textbox', { name: 'First name' })).toHaveValue('');
    await fillRequired(user);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(onSubmitted).toHaveBeenCalledTimes(2));
    expect(submissions()[2]?.headers.get('Idempotency-Key')).not.toBe(keys[0]);
  });

  it('sends once on a double click', async () => {
    const { user, onSubmitted } = await renderForm();
    await fillRequired(user);
    let release: () => void = () => undefined;
    answerSubmission = () =>
      new Promise<Response>((resolve) => {
        release = () => resolve(jsonResponse({ data: { id: 4 } }, 201, 'Created'));
      });
    const send = screen.getByRole('button', { name: 'Send' });
    await user.dblClick(send);
    await user.click(send);
    await waitFor(() => expect(submissions()).toHaveLength(1));
    expect(send).toHaveAttribute('aria-disabled', 'true');
    act(() => release());
    await waitFor(() => expect(onSubmitted).toHaveBeenCalledTimes(1));
    expect(submissions()).toHaveLength(1);
  });

  it('keeps everything typed when the captcha is refused, and says what to do', async () => {
    const { user, onSubmitted } = await renderForm();
    await fillRequired(user);
    answerSubmission = () =>
      jsonResponse(
        {
          message:
            "We couldn't confirm that you're not a robot. Your answers are kept — please try sending again",
        },
        422,
        'Unprocessable Entity',
      );
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('alert')).toHaveTextContent("couldn't confirm that you're not a robot");
    expect(screen.getByRole('textbox', { name: 'First name' })).toHaveValue('Grace');
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue('grace@example.com');
    expect(screen.getByText('cv.pdf')).toBeInTheDocument();
    expect(onSubmitted).not.toHaveBeenCalled();
  });

  it('sends no captcha token when the company has no site key', async () => {
    const { user, onSubmitted } = await renderForm({ captchaSiteKey: null });
    await fillRequired(user);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(onSubmitted).toHaveBeenCalled());
    expect(submissions()[0]?.body?.has('g_recaptcha_response')).toBe(false);
  });
});

describe('ResponseFormView — CV', () => {
  it('parses the CV at once and fills the empty fields visibly, with a note', async () => {
    const { user } = await renderForm();
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'mine@example.com');
    chooseCv(makeFile('resume.pdf', 5000));
    await waitFor(() => expect(parses()).toHaveLength(1));
    expect(parses()[0]?.body?.get('cv')).toBeInstanceOf(File);
    expect(
      await screen.findByText('We filled some fields from your CV, please check them', {
        selector: '.field__note',
      }),
    ).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'First name' })).toHaveValue('Ada');
    expect(screen.getByRole('textbox', { name: 'Phone' })).toHaveValue('+442079460958');
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue('mine@example.com');
    expect(screen.getByRole('textbox', { name: 'First name' }).closest('.field')).toHaveClass(
      'field--prefilled',
    );
  });

  it('drops an unreadable CV, clears the cache id and says which formats work', async () => {
    const { user, onSubmitted } = await renderForm();
    chooseCv(makeFile('good.pdf'));
    await waitFor(() => expect(parses()).toHaveLength(1));
    answerCvParse = () => jsonResponse({ message: "We couldn't read this CV." }, 422, 'Unprocessable Entity');
    chooseCv(makeFile('scan.pdf'));
    expect(
      await screen.findByText("We couldn't read this CV. Supported formats: PDF, DOC, DOCX, RTF, ODT, TXT"),
    ).toBeInTheDocument();
    expect(screen.queryByText('scan.pdf')).not.toBeInTheDocument();

    // With a CV that then parses nothing, the submission carries no stale cache id.
    answerCvParse = () =>
      jsonResponse({ data: { cache_id: '', parsed: { name: null, email: null, phone: null, links: [] } } });
    await user.type(screen.getByRole('textbox', { name: 'First name' }), 'Grace');
    await user.clear(screen.getByRole('textbox', { name: 'Email' }));
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'grace@example.com');
    chooseCv(makeFile('third.txt', 2000));
    await waitFor(() => expect(parses()).toHaveLength(3));
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(onSubmitted).toHaveBeenCalled());
    expect(submissions()[0]?.body?.get('cache_id')).toBe('');
  });

  it('clears the cache id when the CV is removed', async () => {
    definitionFields = makeDemoFields().map((field) =>
      field.type === 'cv' ? { ...field, required: false } : field,
    );
    const { user, onSubmitted } = await renderForm();
    await fillRequired(user);
    await user.click(screen.getByRole('button', { name: 'Remove file cv.pdf' }));
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(onSubmitted).toHaveBeenCalled());
    expect(submissions()[0]?.body?.get('cache_id')).toBe('');
    expect(submissions()[0]?.body?.has('fields[5][input_value]')).toBe(false);
  });

  it('does not send a CV that breaks a rule for parsing', async () => {
    await renderForm();
    chooseCv(makeFile('photo.png'));
    expect(
      await screen.findByText(
        'This file format is not supported. Allowed formats: pdf, doc, docx, rtf, odt, txt',
      ),
    ).toBeInTheDocument();
    expect(parses()).toHaveLength(0);
  });
});

describe('ResponseFormView — loading the form', () => {
  it('shows the error snackbar when the form cannot be loaded, and loads it on request', async () => {
    fetchMock.mockImplementationOnce(async () =>
      jsonResponse({ message: 'Service unavailable' }, 503, 'Service Unavailable'),
    );
    renderInPage(
      <ResponseFormView vacancy={makeVacancy()} isActive onBack={vi.fn()} onSubmitted={vi.fn()} />,
      {
        pageData: makeLocalePageData('en'),
      },
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Service unavailable');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('textbox', { name: 'First name' })).toBeInTheDocument();
  });

  it('goes back with the back button', async () => {
    const { user, onBack } = await renderForm();
    await user.click(screen.getByRole('button', { name: 'Vacancy description' }));
    expect(onBack).toHaveBeenCalled();
    expect(within(document.body).getByRole('heading', { name: 'Fill in the form' })).toBeInTheDocument();
  });
});
