import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buildPermissions } from '../../../lib/permissions/permissions-test-data';
import { findAxeViolations } from '../../../test/axe';
import {
  buildApplication,
  buildApplicationSummary,
  ownerPermissions,
  pageOf,
  STAGES,
} from '../../../test/recruiting-test-data';
import { type MockRoute, mockFetch, renderApp } from '../../../test/render-app';
import { safeHref } from './comment-text';
import { fromMentionTokens, toMentionTokens } from './mention-textarea';

// Comments with mentions, edits and safe links, and tags on the card, the list and the bulk bar (issue
// 17). The signed-in user of renderApp is account 7, Olena Owner.

const canShare = buildPermissions({
  ...ownerPermissions.permissions,
  Candidate: {
    ...ownerPermissions.permissions.Candidate,
    actions: [...ownerPermissions.permissions.Candidate.actions, 'share_comments'],
  },
});

const comment = (overrides: Record<string, unknown> = {}) => ({
  id: 1,
  text: 'Strong CV',
  is_shared: true,
  author: { id: 7, name: 'Olena Owner' },
  created_at: new Date(Date.now() - 5 * 60_000).toISOString(),
  mentions: [],
  edited_at: null,
  ...overrides,
});

const MENTIONABLE = [
  { id: 8, name: 'Ivan Recruiter', reads_private: false },
  { id: 9, name: 'Oksana HR', reads_private: true },
];

const TAGS = [
  { id: 3, name: 'Relocation', color: 'blue', applications_count: 1, can_update: true, can_delete: true },
  { id: 4, name: 'Referral', color: 'green', applications_count: 0, can_update: true, can_delete: true },
];

function cardRoutes(comments: unknown[], extra: MockRoute[] = []): MockRoute[] {
  return [
    ...extra,
    {
      path: '/api/v1/applications/11',
      body: { data: buildApplication({ tags: [{ id: 3, name: 'Relocation', color: 'blue' }] }) },
    },
    { path: '/api/v1/vacancies/1/stages', body: { data: STAGES } },
    { path: '/api/v1/applications/11/comments', body: { data: comments } },
    { path: '/api/v1/applications/11/mentionable', body: { data: MENTIONABLE } },
    { path: '/api/v1/tags', body: { data: TAGS } },
  ];
}

describe('mentions', () => {
  it('turns picked names into ids and back', () => {
    const picked = [
      { id: 8, name: 'Ivan' },
      { id: 10, name: 'Ivan Recruiter' },
    ];
    expect(toMentionTokens('Hi @Ivan Recruiter and @Ivan!', picked)).toBe('Hi <@10> and <@8>!');
    expect(fromMentionTokens('Hi <@10> and <@99>', [{ id: 10, name: 'Ivan Recruiter' }])).toEqual({
      text: 'Hi @Ivan Recruiter and <@99>',
      picked: [{ id: 10, name: 'Ivan Recruiter' }],
    });
  });

  it('offers colleagues after "@", picks one by keyboard and sends the mention as an id', async () => {
    const { calls } = mockFetch(
      cardRoutes(
        [],
        [
          {
            method: 'POST',
            path: '/api/v1/applications/11/comments',
            status: 201,
            body: {
              data: comment({
                id: 2,
                text: 'Please call <@9>',
                mentions: [{ id: 9, name: 'Oksana HR' }],
              }),
            },
          },
        ],
      ),
    );
    renderApp('/applications/11', { permissions: canShare });
    const box = await screen.findByRole('textbox', { name: 'New comment' });
    await userEvent.click(screen.getByRole('checkbox', { name: 'Shared with the team' }));
    await userEvent.type(box, 'Please call @r');
    const list = await screen.findByRole('listbox', { name: 'Colleagues to mention' });
    // "r" matches both; in a shared comment everyone who sees the candidate is offered.
    expect(
      within(list)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Ivan Recruiter', 'Oksana HR']);
    expect(screen.getByText('2 colleagues found; use the arrow keys and Enter')).toBeInTheDocument();
    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect(box).toHaveValue('Please call @Oksana HR ');
    expect(screen.queryByRole('listbox')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Add comment' }));
    await waitFor(() =>
      expect(
        calls.find((call) => call.method === 'POST' && call.url.pathname.endsWith('/comments'))?.body,
      ).toEqual({ text: 'Please call <@9>', is_shared: true }),
    );
  });

  it('offers only colleagues who read private comments in a private one; Escape closes', async () => {
    mockFetch(cardRoutes([]));
    renderApp('/applications/11', { permissions: canShare });
    const box = await screen.findByRole('textbox', { name: 'New comment' });
    await userEvent.type(box, '@');
    const list = await screen.findByRole('listbox', { name: 'Colleagues to mention' });
    expect(
      within(list)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Oksana HR']);
    expect(box).toHaveAttribute('aria-activedescendant', within(list).getByRole('option').id);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
  });
});

describe('a comment as it is read', () => {
  it('shows mentions as chips, safe links only, relative time with the exact time, and stays axe-clean', async () => {
    mockFetch(
      cardRoutes([
        comment({
          text: 'Ask <@9> — see https://example.com/cv and kadry.ua, not javascript:alert(1) or evil.xyz. Loooooooooooooooooooooooooooooooooooooooooooooong',
          mentions: [{ id: 9, name: 'Oksana HR' }],
          edited_at: new Date().toISOString(),
        }),
      ]),
    );
    renderApp('/applications/11', { permissions: canShare });
    const region = await screen.findByRole('region', { name: 'Comments' });
    expect(await within(region).findByText('@Oksana HR')).toHaveClass('mention-chip');
    const link = within(region).getByRole('link', { name: 'https://example.com/cv' });
    expect(link).toHaveAttribute('href', 'https://example.com/cv');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer nofollow');
    expect(within(region).getByRole('link', { name: 'kadry.ua' })).toHaveAttribute('href', 'http://kadry.ua');
    expect(within(region).queryByRole('link', { name: /javascript/ })).toBeNull();
    expect(within(region).queryByRole('link', { name: 'evil.xyz' })).toBeNull();
    const time = within(region).getByText('5 minutes ago');
    expect(time.tagName).toBe('TIME');
    expect(time).toHaveAttribute('title', expect.stringMatching(/\d{1,2}:\d{2}/));
    expect(within(region).getByText('(edited)')).toBeInTheDocument();
    expect(await findAxeViolations()).toEqual([]);
  });

  it('never makes a link of anything but http(s)', () => {
    expect(safeHref('javascript:alert(1)', 'javascript:alert(1)')).toBeNull();
    expect(safeHref('foo@bar.com', 'mailto:foo@bar.com')).toBeNull();
    expect(safeHref('evil.xyz', 'http://evil.xyz')).toBeNull();
    expect(safeHref('https://evil.xyz/a', 'https://evil.xyz/a')).toBe('https://evil.xyz/a');
    expect(safeHref('kadry.com.ua/jobs', 'http://kadry.com.ua/jobs')).toBe('http://kadry.com.ua/jobs');
  });
});

describe('editing and deleting one’s own comment', () => {
  it('edits and deletes only one’s own, with the mention kept as an id', async () => {
    const { calls } = mockFetch(
      cardRoutes(
        [
          comment({ id: 1, text: 'Mine for <@8>', mentions: [{ id: 8, name: 'Ivan Recruiter' }] }),
          comment({ id: 2, text: 'Not mine', author: { id: 8, name: 'Ivan Recruiter' } }),
        ],
        [
          {
            method: 'POST',
            path: '/api/v1/applications/11/comments/1',
            body: { data: comment({ id: 1, text: 'Changed for <@8>', edited_at: new Date().toISOString() }) },
          },
          { method: 'DELETE', path: '/api/v1/applications/11/comments/1', status: 204 },
        ],
      ),
    );
    renderApp('/applications/11', { permissions: canShare });
    const region = await screen.findByRole('region', { name: 'Comments' });
    const items = await within(region).findAllByRole('listitem');
    expect(within(items[1] as HTMLElement).queryByRole('button', { name: 'Edit' })).toBeNull();
    await userEvent.click(within(items[0] as HTMLElement).getByRole('button', { name: 'Edit' }));
    const box = within(region).getByRole('textbox', { name: 'Edit your comment' });
    expect(box).toHaveValue('Mine for @Ivan Recruiter');
    await userEvent.clear(box);
    await userEvent.type(box, 'Changed for @Ivan Recruiter');
    await userEvent.click(within(region).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(calls.find((call) => call.url.pathname === '/api/v1/applications/11/comments/1')?.body).toEqual({
        text: 'Changed for <@8>',
        _method: 'PUT',
      }),
    );
    await userEvent.click(within(items[0] as HTMLElement).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete the comment?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(
        calls.some(
          (call) => call.method === 'DELETE' && call.url.pathname === '/api/v1/applications/11/comments/1',
        ),
      ).toBe(true),
    );
  });
});

describe('tags', () => {
  it('shows the card’s tags, adds one and takes one off', async () => {
    const { calls } = mockFetch(
      cardRoutes(
        [],
        [
          {
            method: 'POST',
            path: '/api/v1/applications/11/tags',
            body: {
              data: [
                { id: 3, name: 'Relocation', color: 'blue' },
                { id: 4, name: 'Referral', color: 'green' },
              ],
            },
          },
          { method: 'DELETE', path: '/api/v1/applications/11/tags/3', body: { data: [] } },
        ],
      ),
    );
    renderApp('/applications/11', { permissions: ownerPermissions });
    const tags = await screen.findByRole('region', { name: 'Tags' });
    expect(within(tags).getByText('Relocation')).toHaveClass('tag-chip--blue');
    const picker = await within(tags).findByRole('combobox', { name: 'Tag to add' });
    // A tag it carries is not offered again.
    expect(within(picker).queryByRole('option', { name: 'Relocation' })).toBeNull();
    await userEvent.selectOptions(picker, '4');
    await userEvent.click(within(tags).getByRole('button', { name: 'Add tag' }));
    await waitFor(() =>
      expect(calls.find((call) => call.url.pathname === '/api/v1/applications/11/tags')?.body).toEqual({
        tag_id: 4,
      }),
    );
    await userEvent.click(within(tags).getByRole('button', { name: 'Remove tag Relocation' }));
    await waitFor(() =>
      expect(calls.some((call) => call.method === 'DELETE' && call.url.pathname.endsWith('/tags/3'))).toBe(
        true,
      ),
    );
  });

  it('filters the list by tag, shows tags in rows, and adds a tag to the selection', async () => {
    const row = buildApplicationSummary({ id: 11, tags: [{ id: 3, name: 'Relocation', color: 'blue' }] });
    const { calls } = mockFetch([
      { path: '/api/v1/applications', body: pageOf([row]) },
      { path: '/api/v1/vacancies', body: pageOf([]) },
      { path: '/api/v1/tags', body: { data: TAGS } },
      {
        method: 'POST',
        path: '/api/v1/applications/bulk/tags',
        body: {
          data: [{ id: 11, outcome: 'done' }],
          meta: { done: 1, skipped: 0, action_id: null, undoable_until: null },
        },
      },
    ]);
    renderApp('/applications', { permissions: ownerPermissions });
    const table = await screen.findByRole('table');
    expect(await within(table).findByText('Relocation')).toHaveClass('tag-chip');
    await userEvent.selectOptions(await screen.findByRole('combobox', { name: 'Tag' }), '3');
    await waitFor(() =>
      expect(
        calls
          .filter((call) => call.url.pathname === '/api/v1/applications')
          .at(-1)
          ?.url.searchParams.get('tag_id'),
      ).toBe('3'),
    );
    await userEvent.click(screen.getByRole('checkbox', { name: /Taras Shevchuk/ }));
    const bar = screen.getByRole('region', { name: /selected/i });
    await userEvent.selectOptions(within(bar).getByRole('combobox', { name: 'Tag to add' }), '4');
    await userEvent.click(within(bar).getByRole('button', { name: 'Add tag' }));
    await waitFor(() =>
      expect(calls.find((call) => call.url.pathname === '/api/v1/applications/bulk/tags')?.body).toEqual({
        application_ids: [11],
        tag_id: 4,
      }),
    );
  });
});
