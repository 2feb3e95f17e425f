import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { buildCareersSettings, ownerPermissions } from '../../../test/recruiting-test-data';
import { mockFetch, renderApp } from '../../../test/render-app';
import { buildSourceLink } from './source-link';

describe('source link', () => {
  it('adds ?source= or &source= to the careers address', () => {
    expect(buildSourceLink('https://jobs.test/careers', 'linked in')).toBe(
      'https://jobs.test/careers?source=linked%20in',
    );
    expect(buildSourceLink('https://jobs.test/careers?lang=uk', 'x')).toBe(
      'https://jobs.test/careers?lang=uk&source=x',
    );
    expect(buildSourceLink('https://jobs.test/careers', '  ')).toBe('https://jobs.test/careers');
  });
});

describe('careers settings page', () => {
  it('previews colours live, warns about low contrast and saves the settings as PUT', async () => {
    const settings = buildCareersSettings();
    const { calls } = mockFetch([
      { path: '/api/v1/careers-settings', body: { data: settings } },
      {
        method: 'POST',
        path: '/api/v1/careers-settings',
        body: ({ body }) => ({ data: { ...settings, ...(body as object), captcha: settings.captcha } }),
      },
    ]);
    renderApp('/careers-settings', { permissions: ownerPermissions });
    expect(await screen.findByLabelText('Button colour')).toBeInTheDocument();
    expect(screen.queryByText(/Low contrast/)).toBeNull();
    // On a busy machine (a fresh clone's cold run) the screen can still be settling when the field first
    // appears, and the typed colour was lost once: type it on the field as it now is until it shows.
    await waitFor(() => {
      fireEvent.input(screen.getByLabelText('Button colour'), { target: { value: '#777777' } });
      expect(screen.getByText(/Low contrast: text on this colour reaches only 4\.48:1/)).toBeInTheDocument();
    });
    const button = screen.getByLabelText('Button colour');
    expect(button).toHaveAccessibleDescription(/Low contrast/);
    // The preview follows the careers theme: an unreadable button colour falls back to the default.
    expect(screen.getByTestId('careers-preview').style.getPropertyValue('--kadry-button-bg')).toBe('#2563eb');
    fireEvent.input(button, { target: { value: '#0f766e' } });
    await waitFor(() =>
      expect(screen.getByTestId('careers-preview').style.getPropertyValue('--kadry-button-bg')).toBe(
        '#0f766e',
      ),
    );

    const name = screen.getByRole('textbox', { name: 'Company name' });
    await userEvent.clear(name);
    await userEvent.type(name, 'Acme Jobs');
    expect(screen.getByTestId('careers-preview')).toHaveTextContent('Acme Jobs');
    await userEvent.type(
      screen.getByLabelText('Personal-data consent page URL'),
      'https://acme.test/privacy',
    );
    await userEvent.click(screen.getByRole('checkbox', { name: 'Русский' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => {
      const put = calls.find((call) => call.method === 'POST');
      expect(put?.body).toEqual({
        _method: 'PUT',
        name: 'Acme Jobs',
        font: null,
        colors: { background: '#ffffff', header: '#1f2937', button: '#0f766e' },
        indexing: true,
        consent_page_url: 'https://acme.test/privacy',
        captcha: {
          provider: 'none',
          site_key: null,
          project_id: null,
          threshold: 0.5,
          allowed_hosts: [],
          secret: null,
        },
        languages: ['en', 'ru', 'uk'],
        default_language: 'en',
      });
    });
  });

  it('asks before leaving by an in-app link with unsaved changes', async () => {
    mockFetch([
      { path: '/api/v1/careers-settings', body: { data: buildCareersSettings() } },
      {
        path: '/api/v1/vacancies',
        body: { data: [], meta: { current_page: 1, last_page: 1, per_page: 20, total: 0 } },
      },
    ]);
    const { location } = renderApp('/careers-settings', { permissions: ownerPermissions });
    const button = await screen.findByLabelText('Button colour');
    await waitFor(() => {
      fireEvent.input(screen.getByLabelText('Button colour'), { target: { value: '#123456' } });
      expect(screen.getByLabelText('Button colour')).toHaveValue('#123456');
    });
    expect(button).toBeInTheDocument();
    const [vacanciesLink] = screen.getAllByRole('link', { name: 'Vacancies' });
    if (!vacanciesLink) throw new Error('no link to vacancies');
    await userEvent.click(vacanciesLink);
    const dialog = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Stay' }));
    expect(location.history.at(-1)).toBe('/app/careers-settings');
    await userEvent.click(vacanciesLink);
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(location.history.at(-1)).toBe('/app/vacancies'));
  });

  it('builds a copyable link per source', async () => {
    mockFetch([{ path: '/api/v1/careers-settings', body: { data: buildCareersSettings() } }]);
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderApp('/careers-settings', { permissions: ownerPermissions });
    await userEvent.type(await screen.findByRole('textbox', { name: 'Source (e.g. linkedin)' }), 'djinni');
    expect(screen.getByRole('textbox', { name: 'Link' })).toHaveValue(
      'https://jobs.acme.test/careers?source=djinni',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(writeText).toHaveBeenCalledWith('https://jobs.acme.test/careers?source=djinni');
  });

  it('uploads a logo as multipart', async () => {
    const { calls } = mockFetch([
      { path: '/api/v1/careers-settings', body: { data: buildCareersSettings() } },
      {
        method: 'POST',
        path: '/api/v1/careers-settings/logo',
        body: { data: buildCareersSettings({ logo_url: '/files/logo.png' }) },
      },
    ]);
    renderApp('/careers-settings', { permissions: ownerPermissions });
    const file = new File(['png'], 'logo.png', { type: 'image/png' });
    await userEvent.upload(await screen.findByLabelText('Logo'), file);
    await waitFor(() => {
      const upload = calls.find((call) => call.url.pathname === '/api/v1/careers-settings/logo');
      expect((upload?.body as FormData | undefined)?.get('logo')).toBeInstanceOf(File);
    });
  });
});
