import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, makePageData, makeVacancy } from '../../test/fixtures';
import { renderInPage } from '../../test/render-in-page';
import { VacancyDetailsPage } from './vacancy-details-page';

// The real form (issue 4) is tested on its own, and its lazy loading in e2e/careers; here a stand-in
// shows what the page hands the form view.
vi.mock('../apply/lazy-response-form-view', () => ({
  preloadResponseFormView: () => {},
  LazyResponseFormView: (props: { isActive: boolean; onBack: () => void; onSubmitted: () => void }) => (
    <section>
      <h2>Fill in the form</h2>
      <p>{props.isActive ? 'active' : 'inactive'}</p>
      <button type="button" onClick={props.onBack}>
        Vacancy description
      </button>
      <button type="button" onClick={props.onSubmitted}>
        Send
      </button>
    </section>
  ),
}));

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  fetchMock.mockReset();
});

function renderDetails(props: Partial<Parameters<typeof VacancyDetailsPage>[0]> = {}, search = '?source=x') {
  return renderInPage(
    <VacancyDetailsPage vacancyId={7} initialVacancy={makeVacancy()} isNotFound={false} {...props} />,
    { pageData: makePageData({ vacancyId: 7 }), pathname: '/careers/7', search },
  );
}

describe('VacancyDetailsPage — details view', () => {
  it('shows the back link (keeping source), the name as the only h1 and the hot mark', () => {
    renderDetails({ initialVacancy: makeVacancy({ is_hot: true }) });
    expect(screen.getByRole('link', { name: 'All vacancies' })).toHaveAttribute('href', '/careers?source=x');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 1 })).toHaveAccessibleName('Hot vacancy Backend Engineer');
  });

  it('shows the meta line with salary in bold, work types and each language as "language - level"', () => {
    renderDetails();
    const meta = document.querySelector('.vacancy-meta');
    expect(meta).toHaveTextContent(
      '$1,000 • , Kyiv • , 1–3 years • , Full-time • , English - B2 • , Polish - A2',
    );
    expect(within(meta as HTMLElement).getByText('$1,000').tagName).toBe('STRONG');
    // work_types and languages are the parts that move to their own lines at 600 px or less.
    const extras = [...document.querySelectorAll('.vacancy-meta__extra')].map((el) => el.textContent);
    expect(extras).toEqual([' • , Full-time', ' • , English - B2', ' • , Polish - A2']);
  });

  it('shows only the non-empty body sections, as the HTML the server sent', () => {
    renderDetails();
    const titles = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    expect(titles).toEqual(['Description', 'Requirements', 'Working conditions']);
    expect(screen.getByText('Go').tagName).toBe('LI');
  });

  it('shows the Apply footer and no footer links', () => {
    renderDetails();
    expect(screen.getByRole('contentinfo')).toContainElement(screen.getByRole('button', { name: 'Apply' }));
    expect(screen.queryByRole('link', { name: /Powered by/ })).not.toBeInTheDocument();
  });
});

describe('VacancyDetailsPage — transitions', () => {
  it('Apply opens the form view: heading stays, Apply and footer go', async () => {
    const user = userEvent.setup();
    renderDetails();
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Fill in the form' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Backend Engineer' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Apply' })).not.toBeInTheDocument();
    expect(screen.queryByRole('contentinfo')).not.toBeInTheDocument();
    expect(screen.getByText('active')).toBeInTheDocument();
    expect(window.scrollTo).toHaveBeenCalledWith({ top: 0 });
  });

  it('back from the form returns to the details and keeps the form mounted but hidden', async () => {
    const user = userEvent.setup();
    renderDetails();
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await user.click(await screen.findByRole('button', { name: 'Vacancy description' }));
    expect(screen.getByRole('button', { name: 'Apply' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Description' })).toBeInTheDocument();
    const slot = document.querySelector('.response-form-slot');
    expect(slot).not.toBeNull();
    expect(slot).not.toBeVisible();
    expect(screen.getByText('inactive', { selector: 'p' })).toBeInTheDocument();
  });

  it('a submitted form switches to the success view', async () => {
    const user = userEvent.setup();
    renderDetails();
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await user.click(await screen.findByRole('button', { name: 'Send' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Request sent' })).toHaveFocus();
    // Hidden, so out of the accessibility tree.
    expect(screen.queryByRole('heading', { name: 'Fill in the form' })).not.toBeInTheDocument();
  });

  it('the success view shows the sent title, the text, a link to all vacancies and the footer links only', () => {
    renderDetails({ initialView: 'success' });
    expect(screen.getByRole('heading', { level: 1, name: 'Request sent' })).toBeInTheDocument();
    expect(screen.getByText('Your application will be considered soon')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Backend Engineer' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Apply' })).not.toBeInTheDocument();
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: 'All vacancies' })).toHaveAttribute('rel', 'noopener');
    expect(within(footer).getByRole('link', { name: /Powered by/ })).toBeInTheDocument();
  });
});

describe('VacancyDetailsPage — not found', () => {
  it('shows the not-found view when the server flags the page', () => {
    renderDetails({ initialVacancy: null, isNotFound: true });
    expect(screen.getByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByText('Opening not found')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'All vacancies' })[0]).toHaveAttribute(
      'href',
      '/careers?source=x',
    );
    expect(
      within(screen.getByRole('contentinfo')).getByRole('link', { name: /Powered by/ }),
    ).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('loads the vacancy when the page came without it, and shows not found on a 404', async () => {
    fetchMock.mockResolvedValueOnce(
      jsonResponse({ message: 'This vacancy is no longer available' }, 404, 'Not Found'),
    );
    renderDetails({ initialVacancy: null });
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/v1/public-vacancies/7');
  });

  it('keeps the view and shows an error snackbar on any other failure', async () => {
    fetchMock.mockResolvedValueOnce(
      jsonResponse({ message: 'Something went wrong' }, 500, 'Internal Server Error'),
    );
    renderDetails({ initialVacancy: null });
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong');
    expect(screen.queryByRole('heading', { name: 'Page not found' })).not.toBeInTheDocument();
    expect(document.querySelector('.details-loading')).not.toBeNull();
  });

  it('shows the vacancy fetched when the page came without it', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse({ data: makeVacancy({ name: 'Data Analyst' }) }));
    renderDetails({ initialVacancy: null });
    expect(await screen.findByRole('heading', { level: 1, name: 'Data Analyst' })).toBeInTheDocument();
    await act(async () => {});
  });
});
