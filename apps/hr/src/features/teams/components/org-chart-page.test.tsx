import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { findAxeViolations } from '../../../test/axe';
import { mockFetch, renderApp } from '../../../test/render-app';
import { buildTeamNode, teamsPermissions } from '../teams-test-data';

const toPng = vi.fn(async () => 'data:image/png;base64,AAAA');
vi.mock('html-to-image', () => ({ toPng }));

const TREE_PATH = '/api/v1/org/teams/tree';
const members = Array.from({ length: 10 }, (_, index) => ({ id: 100 + index, name: `Person ${index + 1}` }));
const nodes = [
  buildTeamNode({
    id: 1,
    name: 'Company',
    children_count: 1,
    members_count: 1,
    managers: [{ id: 7, name: 'Olena Owner' }],
    members: [],
  }),
  buildTeamNode({ id: 2, name: 'Design', parent_id: 1, members_count: 10, members, is_hidden: true }),
];

describe('org chart', () => {
  it('draws the tree with managers, members and counts, asking for the members once', async () => {
    const { calls } = mockFetch([{ path: TREE_PATH, body: { data: nodes } }]);
    renderApp('/teams/chart', { permissions: teamsPermissions() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Org chart' })).toBeInTheDocument();
    const company = await screen.findByRole('region', { name: 'Company' });
    expect(within(company).getByRole('list', { name: 'Managers of Company' })).toHaveTextContent(
      'Olena Owner',
    );
    expect(company).toHaveTextContent('1 member');
    const design = screen.getByRole('region', { name: 'Design' });
    expect(design).toHaveTextContent('Hidden');
    expect(design).toHaveTextContent('No manager');
    const people = within(design).getByRole('list', { name: 'Members of Design' });
    expect(within(people).getAllByRole('listitem')).toHaveLength(9);
    expect(people).toHaveTextContent('2 more');
    expect(calls.filter((call) => call.url.pathname === TREE_PATH)[0]?.url.searchParams.get('include')).toBe(
      'members',
    );
  });

  it('prints (or saves as PDF) through the browser and downloads a PNG', async () => {
    mockFetch([{ path: TREE_PATH, body: { data: nodes } }]);
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderApp('/teams/chart', { permissions: teamsPermissions() });
    await screen.findByRole('region', { name: 'Company' });
    await userEvent.click(screen.getByRole('button', { name: 'Print / Save as PDF' }));
    expect(print).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('button', { name: 'Download PNG' }));
    await waitFor(() => expect(toPng).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    print.mockRestore();
    click.mockRestore();
  });

  it('has one h1 and no axe violations', async () => {
    mockFetch([{ path: TREE_PATH, body: { data: nodes } }]);
    renderApp('/teams/chart', { permissions: teamsPermissions() });
    await screen.findByRole('region', { name: 'Company' });
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(await findAxeViolations()).toEqual([]);
  });
});
