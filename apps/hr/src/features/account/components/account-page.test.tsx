import type { Account } from '@kadry/shared/schemas/admin';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { recruiterPermissions } from '../../../lib/permissions/permissions-test-data';
import { reloadPage } from '../../../lib/reload-page';
import { findAxeViolations } from '../../../test/axe';
import {
  buildPageData,
  type MockRoute,
  mockFetch,
  type RecordedCall,
  renderApp,
} from '../../../test/render-app';

// The page data is read at page load, so some saves end in a reload; here it is only recorded.
vi.mock('../../../lib/reload-page', () => ({ reloadPage: vi.fn(), RELOAD_NOTICE_MS: 0 }));

beforeEach(() => {
  vi.mocked(reloadPage).mockClear();
});
// The page data's user is Olena Owner, en, Europe/Kyiv; here she has the recruiter role.
const account: Account = {
  name: 'Olena Owner',
  email: 'olena@acme.test',
  locale: 'en',
  timezone: 'Europe/Kyiv',
  role: { id: 3, key: 'recruiter', name: 'Recruiter' },
};

function accountRoutes(extra: MockRoute[] = []): MockRoute[] {
  return [...extra, { path: '/api/v1/account', body: { data: account } }];
}

function posts(calls: RecordedCall[], path: string) {
  return calls.filter((call) => call.method === 'POST' && call.url.pathname === path);
}

async function renderAccount(options: { russianIsEnabled?: boolean } = {}) {
  const view = renderApp('/account', {
    permissions: recruiterPermissions,
    pageData: buildPageData({ russianIsEnabled: options.russianIsEnabled ?? true }),
  });
  await screen.findByRole('heading', { level: 1, name: 'My account' });
  return {
    ...view,
    profile: await screen.findByRole('form', { name: 'Profile' }),
    password: screen.getByRole('form', { name: 'Password' }),
  };
}

describe('my account: profile', () => {
  it('is reached from the user menu by everyone signed in', async () => {
    mockFetch(
      accountRoutes([
        {
          path: '/api/v1/vacancies',
          body: { data: [], meta: { current_page: 1, last_page: 1, per_page: 20, total: 0 } },
        },
      ]),
    );
    renderApp('/', { permissions: recruiterPermissions });
    await userEvent.click(await screen.findByRole('button', { name: /Olena Owner/ }));
    await userEvent.click(screen.getByRole('link', { name: 'My account' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'My account' })).toBeInTheDocument();
    expect(await screen.findByText('olena@acme.test')).toBeInTheDocument();
    expect(screen.getByText('Recruiter')).toBeInTheDocument();
  });

  it('saves the name (PUT as POST with _method) and reloads so the top bar shows it', async () => {
    const { calls } = mockFetch(
      accountRoutes([{ method: 'POST', path: '/api/v1/account', body: { data: account } }]),
    );
    const { profile } = await renderAccount();
    const name = within(profile).getByRole('textbox', { name: /Name/ });
    await userEvent.clear(name);
    await userEvent.type(name, 'Olena Kovalenko');
    await userEvent.click(within(profile).getByRole('button', { name: 'Save profile' }));
    expect(await within(profile).findByRole('status')).toHaveTextContent('Profile saved. Reloading the page');
    expect(posts(calls, '/api/v1/account')[0]?.body).toEqual({
      name: 'Olena Kovalenko',
      locale: 'en',
      timezone: 'Europe/Kyiv',
      _method: 'PUT',
    });
    await waitFor(() => expect(reloadPage).toHaveBeenCalledTimes(1));
  });

  it('tells the user before reloading in the new language', async () => {
    const { calls } = mockFetch(
      accountRoutes([{ method: 'POST', path: '/api/v1/account', body: { data: account } }]),
    );
    const { profile } = await renderAccount();
    await userEvent.selectOptions(within(profile).getByRole('combobox', { name: 'Language' }), 'Українська');
    await userEvent.click(within(profile).getByRole('button', { name: 'Save profile' }));
    expect(await within(profile).findByRole('status')).toHaveTextContent('Reloading the page in Українська');
    expect(posts(calls, '/api/v1/account')[0]?.body).toMatchObject({ locale: 'uk' });
    await waitFor(() => expect(reloadPage).toHaveBeenCalledTimes(1));
  });

  it('does not reload when nothing the page shows changed', async () => {
    mockFetch(accountRoutes([{ method: 'POST', path: '/api/v1/account', body: { data: account } }]));
    const { profile } = await renderAccount();
    await userEvent.click(within(profile).getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('Profile saved')).toBeInTheDocument();
    expect(reloadPage).not.toHaveBeenCalled();
  });

  it('offers Russian only where the company enabled it', async () => {
    mockFetch(accountRoutes());
    const { profile } = await renderAccount({ russianIsEnabled: false });
    const options = within(within(profile).getByRole('combobox', { name: 'Language' })).getAllByRole(
      'option',
    );
    expect(options.map((option) => option.textContent)).toEqual(['English', 'Українська']);
  });

  it('requires a name, and shows the server 422 under its field', async () => {
    const { calls } = mockFetch(
      accountRoutes([
        {
          method: 'POST',
          path: '/api/v1/account',
          status: 422,
          body: {
            message: 'Please check the highlighted fields',
            errors: { locale: ['This language is not offered'] },
          },
        },
      ]),
    );
    const { profile } = await renderAccount();
    const name = within(profile).getByRole('textbox', { name: /Name/ });
    await userEvent.clear(name);
    await userEvent.click(within(profile).getByRole('button', { name: 'Save profile' }));
    expect(name).toHaveAccessibleDescription('Please fill in this field');
    expect(name).toHaveFocus();
    expect(posts(calls, '/api/v1/account')).toHaveLength(0);

    await userEvent.type(name, 'Olena');
    await userEvent.click(within(profile).getByRole('button', { name: 'Save profile' }));
    await waitFor(() =>
      expect(within(profile).getByRole('combobox', { name: 'Language' })).toHaveAccessibleDescription(
        expect.stringContaining('This language is not offered'),
      ),
    );
    expect(reloadPage).not.toHaveBeenCalled();
  });
});

describe('my account: password', () => {
  async function fill(form: HTMLElement, values: { current: string; next: string; confirm: string }) {
    if (values.current) await userEvent.type(within(form).getByLabelText('Current password'), values.current);
    if (values.next) await userEvent.type(within(form).getByLabelText('New password'), values.next);
    if (values.confirm)
      await userEvent.type(within(form).getByLabelText('Repeat the new password'), values.confirm);
    await userEvent.click(within(form).getByRole('button', { name: 'Change password' }));
  }

  it('shows the minimum length as a hint', async () => {
    mockFetch(accountRoutes());
    const { password } = await renderAccount();
    expect(within(password).getByLabelText('New password')).toHaveAccessibleDescription(
      /At least 12 characters/,
    );
  });

  it('blocks a confirmation that does not match, and a short password, without asking the server', async () => {
    const { calls } = mockFetch(accountRoutes());
    const { password } = await renderAccount();
    await fill(password, { current: 'old password!', next: 'short', confirm: 'shorter' });
    expect(await within(password).findByText("The passwords don't match")).toBeInTheDocument();
    expect(within(password).getByLabelText('Repeat the new password')).toHaveAccessibleDescription(
      "The passwords don't match",
    );
    expect(within(password).getByLabelText('New password')).toHaveAccessibleDescription(
      /Use at least 12 characters/,
    );
    expect(posts(calls, '/api/v1/account/password')).toHaveLength(0);
  });

  it('shows a wrong current password (422) under its field', async () => {
    mockFetch(
      accountRoutes([
        {
          method: 'POST',
          path: '/api/v1/account/password',
          status: 422,
          body: {
            message: 'Please check the highlighted fields',
            errors: { current_password: ['The current password is not right'] },
          },
        },
      ]),
    );
    const { password } = await renderAccount();
    await fill(password, {
      current: 'guess',
      next: 'correct horse battery',
      confirm: 'correct horse battery',
    });
    const current = within(password).getByLabelText('Current password');
    await waitFor(() => expect(current).toHaveAccessibleDescription('The current password is not right'));
    expect(current).toHaveFocus();
    expect(reloadPage).not.toHaveBeenCalled();
  });

  it('changes the password, says so, and reloads for the rotated session', async () => {
    const { calls } = mockFetch(
      accountRoutes([{ method: 'POST', path: '/api/v1/account/password', body: null }]),
    );
    const { password } = await renderAccount();
    await fill(password, {
      current: 'old password!',
      next: 'correct horse battery',
      confirm: 'correct horse battery',
    });
    expect(await within(password).findByRole('status')).toHaveTextContent('Password changed.');
    expect(posts(calls, '/api/v1/account/password')[0]?.body).toEqual({
      current_password: 'old password!',
      password: 'correct horse battery',
      password_confirmation: 'correct horse battery',
    });
    expect(within(password).getByLabelText('Current password')).toHaveValue('');
    await waitFor(() => expect(reloadPage).toHaveBeenCalledTimes(1));
  });
});

describe('accessibility (axe)', () => {
  it('the account page has one h1 and no violations', async () => {
    mockFetch(accountRoutes());
    await renderAccount();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(await findAxeViolations()).toEqual([]);
  });
});
