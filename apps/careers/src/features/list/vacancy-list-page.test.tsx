import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, makeListItem, makeListPage } from '../../test/fixtures';
import { installFakeIntersectionObserver, renderInPage } from '../../test/render-in-page';
import { VacancyListPage } from './vacancy-list-page';

let observer: ReturnType<typeof installFakeIntersectionObserver>;
const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  observer = installFakeIntersectionObserver();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  observer.restore();
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

describe('VacancyListPage', () => {
  it('shows the heading and the server-rendered first page', () => {
    renderInPage(<VacancyListPage initialList={makeListPage(1, 3)} search="" />);
    expect(screen.getByRole('heading', { level: 1, name: 'Open positions' })).toBeInTheDocument();
    expect(screen.getAllByRole('listitem')).toHaveLength(20);
  });

  it('renders an item as a link with the hot mark and the non-empty meta parts, salary in bold', () => {
    const list = {
      data: [makeListItem({ id: 3, name: 'Designer', is_hot: true, residence: null, work_types: 'Remote' })],
      meta: { current_page: 1, last_page: 1, per_page: 20, total: 1 },
    };
    renderInPage(<VacancyListPage initialList={list} search="?source=x&lang=uk" />);
    const link = screen.getByRole('link', { name: 'Hot vacancy Designer' });
    expect(link).toHaveAttribute('href', 'http://site.test/careers/3?source=x&lang=uk');
    const item = screen.getByRole('listitem');
    expect(item).toHaveTextContent('$1,000 • , 1–3 years • , Remote');
    expect(within(item).getByText('$1,000').tagName).toBe('STRONG');
  });

  it('does not show the hot mark on an ordinary vacancy', () => {
    renderInPage(<VacancyListPage initialList={makeListPage(1, 1, 1)} search="" />);
    expect(screen.queryByRole('img', { name: 'Hot vacancy' })).not.toBeInTheDocument();
  });

  it('shows the empty state without a link when the first page has no items', () => {
    const empty = { data: [], meta: { current_page: 1, last_page: 1, per_page: 20, total: 0 } };
    renderInPage(<VacancyListPage initialList={empty} search="" />);
    expect(screen.getByRole('heading', { name: 'No open positions right now' })).toBeInTheDocument();
    expect(screen.getByText(/Follow our updates/)).toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });

  it("loads the next page with the page's query passed through when the end scrolls into view", async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(makeListPage(2, 3)));
    renderInPage(<VacancyListPage initialList={makeListPage(1, 3)} search="?source=x&search=go" />);
    act(() => observer.reachEnd());
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(40));
    const url = new URL(String(fetchMock.mock.calls[0]?.[0]), 'http://site.test');
    expect(url.pathname).toBe('/api/v1/public-vacancies');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      source: 'x',
      search: 'go',
      page: '2',
      per_page: '20',
    });
  });

  it('stops asking once meta.last_page is reached', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(makeListPage(2, 2)));
    renderInPage(<VacancyListPage initialList={makeListPage(1, 2)} search="" />);
    act(() => observer.reachEnd());
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(40));
    act(() => observer.reachEnd());
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(observer.liveCount()).toBe(0);
  });

  it('shows a spinner while the next page loads', async () => {
    let answer: (response: Response) => void = () => {};
    fetchMock.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
    renderInPage(<VacancyListPage initialList={makeListPage(1, 2)} search="" />);
    act(() => observer.reachEnd());
    expect(await screen.findByRole('status')).toHaveTextContent('Loading');
    await act(async () => answer(jsonResponse(makeListPage(2, 2))));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it("shows the server's message in an error snackbar when a page fails, and offers to retry", async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse({ message: 'Too many requests' }, 429, 'Too Many Requests'));
    renderInPage(<VacancyListPage initialList={makeListPage(1, 2)} search="" />);
    act(() => observer.reachEnd());
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many requests');
    fetchMock.mockResolvedValueOnce(jsonResponse(makeListPage(2, 2)));
    act(() => screen.getByRole('button', { name: 'Show more' }).click());
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(40));
  });
});
