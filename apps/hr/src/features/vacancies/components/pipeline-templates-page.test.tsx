import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buildPermissions } from '../../../lib/permissions/permissions-test-data';
import { findAxeViolations } from '../../../test/axe';
import { ownerPermissions } from '../../../test/recruiting-test-data';
import { mockFetch, renderApp } from '../../../test/render-app';

// The pipeline templates screen (issue 17): list, create, edit with reordering, delete, and the guard.

const ENGINEERING = {
  id: 5,
  name: 'Engineering',
  stages: ['Applied', 'Tech interview', 'Offer'],
  created_at: '2031-03-01T10:00:00.000Z',
  updated_at: '2031-03-01T10:00:00.000Z',
};

describe('pipeline templates', () => {
  it('lists templates, creates one with reordered stages, and deletes one', async () => {
    const { calls } = mockFetch([
      { path: '/api/v1/pipeline-templates', body: { data: [ENGINEERING], meta: { can_manage: true } } },
      {
        method: 'POST',
        path: '/api/v1/pipeline-templates',
        status: 201,
        body: ({ body }) => ({ data: { ...ENGINEERING, id: 6, ...(body as object) } }),
      },
      { method: 'DELETE', path: '/api/v1/pipeline-templates/5', status: 204 },
    ]);
    renderApp('/settings/pipeline-templates', { permissions: ownerPermissions });
    expect(await screen.findByRole('heading', { level: 2, name: 'Engineering' })).toBeInTheDocument();
    expect(screen.getByText('Tech interview')).toBeInTheDocument();
    expect(await findAxeViolations()).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'New template' }));
    const form = screen.getByRole('form', { name: 'New pipeline template' });
    await userEvent.type(within(form).getByRole('textbox', { name: /Template name/ }), 'Sales');
    const stages = within(form).getByRole('group', { name: 'Stages' });
    // Keyboard: the move button keeps the focus on the moved stage.
    within(stages).getByRole('button', { name: 'Move Hired up' }).focus();
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByText('Hired moved to position 4 of 5.')).toBeInTheDocument();
    await userEvent.click(within(stages).getByRole('button', { name: 'Remove Screening' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
        name: 'Sales',
        stages: ['New', 'Interview', 'Hired', 'Offer'],
      }),
    );

    await userEvent.click(screen.getByRole('button', { name: 'Delete Engineering' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete the template “Engineering”?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'DELETE')).toBe(true));
  });

  it('refuses blank or repeated stages before sending', async () => {
    const { calls } = mockFetch([
      { path: '/api/v1/pipeline-templates', body: { data: [], meta: { can_manage: true } } },
    ]);
    renderApp('/settings/pipeline-templates', { permissions: ownerPermissions });
    expect(await screen.findByText(/No templates yet/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'New template' }));
    const form = screen.getByRole('form', { name: 'New pipeline template' });
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText("Enter the template's name.")).toBeInTheDocument();
    await userEvent.type(within(form).getByRole('textbox', { name: /Template name/ }), 'Support');
    await userEvent.clear(within(form).getByRole('textbox', { name: 'Stage 2 name' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Every stage needs a name.')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('is read-only for those who may not manage templates', async () => {
    mockFetch([
      { path: '/api/v1/pipeline-templates', body: { data: [ENGINEERING], meta: { can_manage: false } } },
    ]);
    const recruiter = buildPermissions({
      Vacancy: {
        visibilitySettings: {
          create: 'only_my',
          update: 'only_my',
          delete: 'only_my',
          view: 'only_my',
          all: 'only_my',
        },
        actions: [],
        fields_view: [],
      },
    });
    renderApp('/settings/pipeline-templates', { permissions: recruiter });
    expect(await screen.findByRole('heading', { level: 2, name: 'Engineering' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New template' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit Engineering' })).toBeNull();
  });

  it('asks before leaving an unsaved template', async () => {
    mockFetch([
      { path: '/api/v1/pipeline-templates', body: { data: [ENGINEERING], meta: { can_manage: true } } },
    ]);
    const { location } = renderApp('/settings/pipeline-templates', { permissions: ownerPermissions });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Engineering' }));
    await userEvent.type(screen.getByRole('textbox', { name: /Template name/ }), ' (new)');
    const [vacancies] = screen.getAllByRole('link', { name: 'Vacancies' });
    if (!vacancies) throw new Error('no link');
    await userEvent.click(vacancies);
    const dialog = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Stay' }));
    expect(location.history.at(-1)).toBe('/app/settings/pipeline-templates');
  });
});
