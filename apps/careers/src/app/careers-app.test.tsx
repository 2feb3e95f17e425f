import type { CareersInitialData } from '@kadry/shared/careers-page';
import { act, screen, within } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeListPage, makePageData, makeVacancy } from '../test/fixtures';
import { CareersApp } from './careers-app';
import { renderCareersApp } from './entry-server';

afterEach(() => {
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

/** Server-renders like the server does, then hydrates like entry-client does. */
async function renderAndHydrate(
  pageData = makePageData(),
  initialData: CareersInitialData = { kind: 'list', list: makeListPage(1, 2) },
  location = { pathname: '/careers', search: '' },
) {
  const container = document.createElement('div');
  container.id = 'root';
  container.innerHTML = renderCareersApp({ pageData, initialData, ...location });
  document.body.append(container);
  const consoleError = vi.spyOn(console, 'error');
  await act(async () => {
    hydrateRoot(container, <CareersApp pageData={pageData} initialData={initialData} location={location} />);
  });
  return { consoleError };
}

describe('CareersApp', () => {
  it('hydrates the server HTML of the list without a mismatch', async () => {
    const { consoleError } = await renderAndHydrate();
    expect(consoleError).not.toHaveBeenCalled();
    expect(screen.getAllByRole('listitem')).toHaveLength(20);
  });

  it('has the banner with logo and company name, one h1, main and the footer landmarks', async () => {
    await renderAndHydrate();
    const banner = screen.getByRole('banner');
    expect(within(banner).getByRole('link', { name: 'Northwind' })).toHaveAttribute('href', '/careers');
    const logo = banner.querySelector('img');
    expect(logo).toHaveAttribute('width', '40');
    expect(logo).toHaveAttribute('height', '40');
    expect(within(banner).getByRole('button', { name: 'Language: English' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('main')).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
  });

  it('applies the company colours as custom properties on the root element', async () => {
    await renderAndHydrate();
    const root = document.querySelector<HTMLElement>('.careers');
    expect(root?.style.getPropertyValue('--kadry-header-bg')).toBe('#1f2937');
    expect(root?.style.getPropertyValue('--kadry-button-bg')).toBe('#2563eb');
    expect(root?.style.getPropertyValue('--kadry-font')).toBe('"Inter"');
  });

  it("marks footer links nofollow when indexing is off and carries the page's source", async () => {
    const settings = { ...makePageData().settings, indexing: false };
    await renderAndHydrate(makePageData({ settings }), undefined, {
      pathname: '/careers',
      search: '?source=x',
    });
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: 'All vacancies' })).toHaveAttribute(
      'rel',
      'nofollow noopener',
    );
    expect(within(footer).getByRole('link', { name: 'All vacancies' })).toHaveAttribute(
      'href',
      '/careers?source=x',
    );
    expect(within(footer).getByRole('link', { name: /Powered by/ })).toHaveAttribute(
      'rel',
      'nofollow noopener',
    );
  });

  it('renders the details page for a vacancy id, from the embedded vacancy', async () => {
    const { consoleError } = await renderAndHydrate(
      makePageData({ vacancyId: 7 }),
      { kind: 'details', vacancy: makeVacancy() },
      { pathname: '/careers/7', search: '' },
    );
    expect(consoleError).not.toHaveBeenCalled();
    expect(screen.getByRole('heading', { level: 1, name: 'Backend Engineer' })).toBeInTheDocument();
  });

  it('renders the not-found view with the top bar when the server flags it', async () => {
    await renderAndHydrate(
      makePageData({ vacancyId: null, notFound: true }),
      { kind: 'none' },
      {
        pathname: '/careers/abc',
        search: '',
      },
    );
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByText('Opening not found')).toBeInTheDocument();
  });

  it('uses the embedded translations of the current language', async () => {
    const pageData = makePageData({
      currentLanguage: 'uk',
      translations: { ...makePageData().translations, 'careers.title': 'Відкриті вакансії' },
    });
    await renderAndHydrate(pageData);
    expect(screen.getByRole('heading', { level: 1, name: 'Відкриті вакансії' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Українська/ })).toBeInTheDocument();
  });
});
