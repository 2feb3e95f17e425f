import { setAllLevel } from '@kadry/shared/permissions/permission-state';
import type { MailTemplate } from '@kadry/shared/schemas/recruiting-mail';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buildPermissions } from '../../../lib/permissions/permissions-test-data';
import { ownerPermissions } from '../../../test/recruiting-test-data';
import { type MockRoute, mockFetch, renderApp } from '../../../test/render-app';

// The mail templates editor's guard (issue 17): closing its dialog with changes asks first, and so do
// leaving the page and reloading it; a saved template closes without a question.

const templateManager = buildPermissions({
  ...ownerPermissions.permissions,
  Template: { visibilitySettings: setAllLevel('to_all'), actions: [], fields_view: [] },
});

const REJECTION: MailTemplate = {
  id: 41,
  purpose: 'rejection',
  locale: 'en',
  name: 'Rejection',
  subject: 'Your application for {vacancy}',
  body: '<p>Hello {candidate_name}, thank you.</p>',
  updated_at: '2031-03-01T10:00:00.000Z',
};

const routes: MockRoute[] = [
  { path: '/api/v1/mail-templates', body: { data: [REJECTION] } },
  { path: '/api/v1/mail-settings', body: { data: { auto_acknowledge: true } } },
];

/** Whether a reload or closing the tab would get the browser's "leave the page?" prompt now. */
function isUnloadHeld(): boolean {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
}

describe('the mail template dialog (issue 17)', () => {
  it('closes at once when nothing was changed', async () => {
    mockFetch(routes);
    renderApp('/mail-templates', { permissions: templateManager });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Rejection' }));
    await screen.findByRole('dialog', { name: 'Template Rejection' });
    expect(isUnloadHeld()).toBe(false);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('asks before closing with changes: keeping them, then discarding them', async () => {
    mockFetch(routes);
    renderApp('/mail-templates', { permissions: templateManager });
    await userEvent.click(await screen.findByRole('button', { name: 'New template' }));
    const dialog = await screen.findByRole('dialog', { name: 'New template' });
    const name = within(dialog).getByRole('textbox', { name: /^Name/ });
    await userEvent.type(name, 'Half-written');
    expect(isUnloadHeld()).toBe(true);

    await userEvent.keyboard('{Escape}');
    const question = await screen.findByRole('alertdialog', { name: 'Discard changes?' });
    await userEvent.click(within(question).getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(name).toHaveValue('Half-written');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await userEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Keep editing' }),
    );
    expect(screen.getByRole('dialog', { name: 'New template' })).toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await userEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Discard changes' }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(isUnloadHeld()).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'New template' }));
    const fresh = await screen.findByRole('dialog', { name: 'New template' });
    expect(within(fresh).getByRole('textbox', { name: /^Name/ })).toHaveValue('');
  });

  it('closes without asking once the changes are saved', async () => {
    const { calls } = mockFetch([
      {
        method: 'POST',
        path: '/api/v1/mail-templates/41',
        body: { data: { ...REJECTION, subject: 'About {vacancy}' } },
      },
      ...routes,
    ]);
    renderApp('/mail-templates', { permissions: templateManager });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Rejection' }));
    const dialog = await screen.findByRole('dialog', { name: 'Template Rejection' });
    const subject = within(dialog).getByRole('textbox', { name: /Subject/ });
    await userEvent.clear(subject);
    await userEvent.type(subject, 'About {{vacancy}');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save template' }));
    await waitFor(() =>
      expect(calls.find((call) => call.url.pathname === '/api/v1/mail-templates/41')?.body).toMatchObject({
        subject: 'About {vacancy}',
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(isUnloadHeld()).toBe(false);
  });
});
