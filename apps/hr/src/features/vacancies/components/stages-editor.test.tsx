import { setAllLevel } from '@kadry/shared/permissions/permission-state';
import { STAGES_MAX, stagesInputSchema } from '@kadry/shared/schemas/recruiting';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildPermissions } from '../../../lib/permissions/permissions-test-data';
import { findAxeViolations } from '../../../test/axe';
import {
  buildApplicationSummary,
  buildVacancy,
  ownerPermissions,
  STAGES,
  vacancyViewerPermissions,
} from '../../../test/recruiting-test-data';
import { type MockRoute, mockFetch, renderApp } from '../../../test/render-app';
import { findStageProblems, hasStageChanges, type StageDraft } from './stages-model';

afterEach(() => {
  vi.restoreAllMocks();
});

const vacancy = buildVacancy({ id: 5, name: 'QA' });
const STAGES_PATH = '/api/v1/vacancies/5/stages';

/** Two candidates in New, one in Interview. */
const applications = {
  data: [STAGES[0], STAGES[0], STAGES[2]].map((stage, index) =>
    buildApplicationSummary({ id: index + 1, vacancy: { id: 5, name: 'QA' }, stage }),
  ),
  meta: { current_page: 1, last_page: 1, per_page: 100, total: 3 },
};

function editorRoutes(extra: MockRoute[] = []): MockRoute[] {
  return [
    ...extra,
    { path: '/api/v1/vacancies/5', body: { data: vacancy } },
    { path: STAGES_PATH, body: { data: STAGES } },
    { path: '/api/v1/applications', body: applications },
    { path: '/api/v1/teams', body: { data: [] } },
    { path: '/api/v1/users', body: { data: [] } },
    { path: '/api/v1/forms', body: { data: [] } },
  ];
}

async function findPipeline() {
  return screen.findByRole('region', { name: 'Pipeline' });
}

async function readStageNames(pipeline: HTMLElement): Promise<string[]> {
  const list = await within(pipeline).findByRole('list', { name: 'Pipeline' });
  return within(list)
    .getAllByRole('textbox')
    .map((input) => (input as HTMLInputElement).value);
}

function sentStages(calls: { method: string; url: URL; body: unknown }[]) {
  return calls.filter((call) => call.method === 'POST' && call.url.pathname === STAGES_PATH);
}

describe('stages model', () => {
  it('keeps STAGES_MAX equal to the contract', () => {
    const stages = (count: number) => ({ stages: Array.from({ length: count }, () => ({ name: 'x' })) });
    expect(stagesInputSchema.safeParse(stages(STAGES_MAX)).success).toBe(true);
    expect(stagesInputSchema.safeParse(stages(STAGES_MAX + 1)).success).toBe(false);
  });

  it('finds empty, too long and duplicate names, ignoring case and outer spaces', () => {
    const rows: StageDraft[] = [
      { key: 'a', id: 1, name: 'Interview' },
      { key: 'b', name: '  ' },
      { key: 'c', name: ' interview ' },
      { key: 'd', name: 'x'.repeat(101) },
    ];
    expect(Object.fromEntries(findStageProblems(rows))).toEqual({
      b: 'required',
      c: 'duplicate',
      d: 'too_long',
    });
  });

  it('sees no change when only outer spaces were typed', () => {
    const saved = [{ id: 1, name: 'New', position: 0 }];
    expect(hasStageChanges([{ key: 'a', id: 1, name: ' New ' }], saved)).toBe(false);
    expect(hasStageChanges([{ key: 'a', id: 1, name: 'Fresh' }], saved)).toBe(true);
  });
});

describe('pipeline in the vacancy editor', () => {
  it('shows the stages in order, with how many candidates each holds', async () => {
    mockFetch(editorRoutes());
    renderApp('/vacancies/5', { permissions: ownerPermissions });
    const pipeline = await findPipeline();
    expect(await readStageNames(pipeline)).toEqual(STAGES.map((stage) => stage.name));
    const rows = within(pipeline).getAllByRole('listitem');
    expect(await within(rows[0] as HTMLElement).findByText('2 candidates')).toBeInTheDocument();
    expect(within(rows[2] as HTMLElement).getByText('1 candidate')).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).getByText('0 candidates')).toBeInTheDocument();
    expect(within(pipeline).queryByText('Unsaved changes')).toBeNull();
  });

  it('renames, adds, removes and reorders by buttons, then sends the whole ordered list with ids kept', async () => {
    const { calls } = mockFetch(
      editorRoutes([
        {
          method: 'POST',
          path: STAGES_PATH,
          body: ({ body }) => ({
            data: (body as { stages: { id?: number; name: string }[] }).stages.map((stage, position) => ({
              id: stage.id ?? 7,
              name: stage.name,
              position,
            })),
          }),
        },
      ]),
    );
    renderApp('/vacancies/5', { permissions: ownerPermissions });
    const pipeline = await findPipeline();
    await readStageNames(pipeline);

    const screening = within(pipeline).getByRole('textbox', { name: 'Name of stage 2' });
    await userEvent.clear(screening);
    await userEvent.type(screening, 'Phone screen');
    expect(within(pipeline).getByText('Renamed from “Screening”')).toBeInTheDocument();

    await userEvent.click(within(pipeline).getByRole('button', { name: 'Add stage below Interview' }));
    const added = within(pipeline).getByRole('textbox', { name: 'Name of stage 4' });
    expect(added).toHaveFocus();
    await userEvent.type(added, 'Test task');

    await userEvent.click(within(pipeline).getByRole('button', { name: 'Remove Offer' }));
    expect(within(pipeline).getByRole('heading', { name: 'Removed when you save' })).toBeInTheDocument();

    await userEvent.click(within(pipeline).getByRole('button', { name: 'Move Hired up' }));
    expect(within(pipeline).getByRole('button', { name: 'Move Hired up' })).toHaveFocus();
    expect(screen.getByText('Hired moved to position 4 of 6')).toBeInTheDocument();
    expect(await readStageNames(pipeline)).toEqual([
      'New',
      'Phone screen',
      'Interview',
      'Hired',
      'Test task',
      'Rejected',
    ]);
    expect(within(pipeline).getByText('Unsaved changes')).toBeInTheDocument();

    await userEvent.click(within(pipeline).getByRole('button', { name: 'Save pipeline' }));
    await waitFor(() => expect(sentStages(calls)).toHaveLength(1));
    expect(sentStages(calls)[0]?.body).toEqual({
      _method: 'PUT',
      stages: [
        { id: 1, name: 'New' },
        { id: 2, name: 'Phone screen' },
        { id: 3, name: 'Interview' },
        { id: 5, name: 'Hired' },
        { name: 'Test task' },
        { id: 6, name: 'Rejected' },
      ],
    });
    expect(await screen.findByText('Pipeline saved')).toBeInTheDocument();
    await waitFor(() => expect(within(pipeline).queryByText('Unsaved changes')).toBeNull());
    expect(within(pipeline).queryByRole('heading', { name: 'Removed when you save' })).toBeNull();
  });

  it("keeps the edits and shows the server's message when a stage still holds candidates (409)", async () => {
    const message = 'Move the candidates out of “Interview” before removing it';
    const { calls } = mockFetch(
      editorRoutes([{ method: 'POST', path: STAGES_PATH, status: 409, body: { message } }]),
    );
    renderApp('/vacancies/5', { permissions: ownerPermissions });
    const pipeline = await findPipeline();
    await within(pipeline).findByText('1 candidate');
    await userEvent.click(within(pipeline).getByRole('button', { name: 'Remove Interview' }));
    expect(
      within(pipeline).getByText('1 candidate is still in this stage: move them to another stage first'),
    ).toBeInTheDocument();
    await userEvent.click(within(pipeline).getByRole('button', { name: 'Save pipeline' }));

    await waitFor(() => expect(sentStages(calls)).toHaveLength(1));
    expect(await within(pipeline).findByText(message)).toBeInTheDocument();
    expect(within(pipeline).getByRole('link', { name: 'Open the candidates board' })).toHaveAttribute(
      'href',
      '/app/vacancies/5/board',
    );
    expect(await readStageNames(pipeline)).toEqual(['New', 'Screening', 'Offer', 'Hired', 'Rejected']);
    expect(within(pipeline).getByText('Unsaved changes')).toBeInTheDocument();

    // Restoring puts the stage back where it was, and nothing is left to save.
    await userEvent.click(within(pipeline).getByRole('button', { name: 'Restore Interview' }));
    expect(await readStageNames(pipeline)).toEqual(STAGES.map((stage) => stage.name));
    expect(within(pipeline).getByRole('textbox', { name: 'Name of stage 3' })).toHaveFocus();
    expect(within(pipeline).queryByText('Unsaved changes')).toBeNull();
  });

  it('does not send a stage without a name or with the name of another, and points at it', async () => {
    const { calls } = mockFetch(editorRoutes());
    renderApp('/vacancies/5', { permissions: ownerPermissions });
    const pipeline = await findPipeline();
    await readStageNames(pipeline);
    const second = within(pipeline).getByRole('textbox', { name: 'Name of stage 2' });
    await userEvent.clear(second);
    await userEvent.click(within(pipeline).getByRole('button', { name: 'Save pipeline' }));
    expect(within(pipeline).getByText('Enter a name for the stage')).toBeInTheDocument();
    expect(second).toHaveFocus();
    expect(second).toHaveAttribute('aria-invalid', 'true');

    await userEvent.type(second, 'interview');
    expect(within(pipeline).getByText('Another stage already has this name')).toBeInTheDocument();
    await userEvent.click(within(pipeline).getByRole('button', { name: 'Save pipeline' }));
    expect(sentStages(calls)).toEqual([]);

    // Discarding brings back the saved pipeline.
    await userEvent.click(within(pipeline).getByRole('button', { name: 'Discard changes' }));
    expect(await readStageNames(pipeline)).toEqual(STAGES.map((stage) => stage.name));
    expect(within(pipeline).queryByText('Another stage already has this name')).toBeNull();
  });

  it('reorders by keyboard drag and drop: Space, ArrowDown, Space', async () => {
    // jsdom lays nothing out: give each stage row a place, one under the other, so the keyboard
    // sensor can find the row below.
    const real = HTMLElement.prototype.getBoundingClientRect;
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
      if (!this.matches('li[data-key]')) return real.call(this);
      const index = [...(this.parentElement?.children ?? [])].indexOf(this);
      return DOMRect.fromRect({ x: 0, y: index * 60, width: 600, height: 50 });
    });
    const { calls } = mockFetch(
      editorRoutes([{ method: 'POST', path: STAGES_PATH, body: { data: STAGES } }]),
    );
    renderApp('/vacancies/5', { permissions: ownerPermissions });
    const pipeline = await findPipeline();
    await readStageNames(pipeline);

    const handle = within(pipeline).getByRole('button', { name: 'Drag Screening' });
    act(() => handle.focus());
    await userEvent.keyboard('[Space]');
    // Picked up: the handle says so, and the live region names where it is.
    await waitFor(() => expect(handle).toHaveAttribute('aria-pressed', 'true'));
    expect(await screen.findByText('Screening is over position 2 of 6.')).toBeInTheDocument();
    await userEvent.keyboard('[ArrowDown]');
    await userEvent.keyboard('[Space]');

    await waitFor(async () =>
      expect(await readStageNames(pipeline)).toEqual([
        'New',
        'Interview',
        'Screening',
        'Offer',
        'Hired',
        'Rejected',
      ]),
    );
    expect(await screen.findByText('Screening dropped at position 3 of 6.')).toBeInTheDocument();
    await userEvent.click(within(pipeline).getByRole('button', { name: 'Save pipeline' }));
    await waitFor(() => expect(sentStages(calls)).toHaveLength(1));
    expect(sentStages(calls)[0]?.body).toMatchObject({
      stages: [
        { id: 1, name: 'New' },
        { id: 3, name: 'Interview' },
        { id: 2, name: 'Screening' },
        { id: 4, name: 'Offer' },
        { id: 5, name: 'Hired' },
        { id: 6, name: 'Rejected' },
      ],
    });
  });

  it('is not shown to a user who may only view vacancies, nor are counts asked for', async () => {
    const { calls } = mockFetch(editorRoutes());
    renderApp('/vacancies/5', {
      permissions: vacancyViewerPermissions,
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'QA' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('textbox', { name: /Name/ })).toHaveValue('QA'));
    expect(screen.queryByRole('region', { name: 'Pipeline' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(calls.some((call) => call.url.pathname === STAGES_PATH)).toBe(false);
    expect(calls.some((call) => call.url.pathname === '/api/v1/applications')).toBe(false);
  });

  it('leaves out the counts for a user who may not see candidates', async () => {
    const { calls } = mockFetch(editorRoutes());
    renderApp('/vacancies/5', {
      permissions: buildPermissions({
        Vacancy: { visibilitySettings: setAllLevel('to_all'), actions: [], fields_view: [] },
      }),
    });
    const pipeline = await findPipeline();
    expect(await readStageNames(pipeline)).toHaveLength(6);
    expect(within(pipeline).queryByText(/candidate/)).toBeNull();
    expect(calls.some((call) => call.url.pathname === '/api/v1/applications')).toBe(false);
  });

  it('is linked from the board as "Edit stages" for users who may update the vacancy, and focused on arrival', async () => {
    mockFetch(editorRoutes());
    const board = renderApp('/vacancies/5/board', { permissions: ownerPermissions });
    expect(await screen.findByRole('link', { name: 'Edit stages' })).toHaveAttribute(
      'href',
      '/app/vacancies/5#pipeline',
    );
    board.unmount();

    window.location.hash = '#pipeline';
    try {
      renderApp('/vacancies/5', { permissions: ownerPermissions });
      const heading = await screen.findByRole('heading', { level: 2, name: 'Pipeline' });
      await waitFor(() => expect(heading).toHaveFocus());
    } finally {
      window.location.hash = '';
    }
  });

  it('is not linked from the board for users who may not update the vacancy', async () => {
    mockFetch(editorRoutes());
    renderApp('/vacancies/5/board', {
      permissions: buildPermissions({
        Vacancy: {
          visibilitySettings: { ...setAllLevel('to_all'), update: 'not_visible', all: null },
          actions: [],
          fields_view: [],
        },
        Candidate: { visibilitySettings: setAllLevel('to_all'), actions: [], fields_view: [] },
      }),
    });
    expect(await screen.findByRole('link', { name: 'Edit vacancy' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Edit stages' })).toBeNull();
  });

  it('has no axe violations with the pipeline being edited', async () => {
    mockFetch(editorRoutes());
    renderApp('/vacancies/5', { permissions: ownerPermissions });
    const pipeline = await findPipeline();
    await within(pipeline).findByText('1 candidate');
    await userEvent.click(within(pipeline).getByRole('button', { name: 'Remove Offer' }));
    await userEvent.click(within(pipeline).getByRole('button', { name: 'Add stage below New' }));
    await userEvent.click(within(pipeline).getByRole('button', { name: 'Save pipeline' }));
    expect(within(pipeline).getByText('Enter a name for the stage')).toBeInTheDocument();
    // Colour contrast needs real layout: the Playwright run checks it.
    expect(await findAxeViolations()).toEqual([]);
  });
});
