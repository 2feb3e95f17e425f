import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Options } from 'html-to-image/lib/types';
import { PDFDocument } from 'pdf-lib';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { findAxeViolations } from '../../../test/axe';
import { mockFetch, renderApp } from '../../../test/render-app';
import { buildTeamNode, teamsPermissions } from '../teams-test-data';

// jsdom draws no canvas: the chart "drawn" is a real PNG, 2 × 1 px (black, white), that pdf-lib can embed.
const PNG_2X1 =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAAAAADRSSBWAAAAC0lEQVR4nGNg+A8AAQIBAEK+vGgAAAAASUVORK5CYII=';
const toPng = vi.fn(async (_node: HTMLElement, _options?: Options) => PNG_2X1);
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

/** Catches what the page saves: the blobs given to object URLs and the names of the links clicked. */
function catchDownloads() {
  const blobs: Blob[] = [];
  const names: string[] = [];
  // jsdom has no object URLs.
  vi.stubGlobal(
    'URL',
    Object.assign(URL, {
      createObjectURL: vi.fn((blob: Blob) => {
        blobs.push(blob);
        return `blob:chart-${blobs.length}`;
      }),
      revokeObjectURL: vi.fn(),
    }),
  );
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    names.push(this.download);
  });
  return { blobs, names, restore: () => click.mockRestore() };
}

function exportButtons() {
  return ['Download PNG', 'Download PDF'].map((name) => screen.getByRole('button', { name }));
}

describe('org chart', () => {
  beforeEach(() => {
    toPng.mockClear();
  });

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

  it('downloads a one-page PDF shaped like the chart, titled, without the print dialog', async () => {
    mockFetch([{ path: TREE_PATH, body: { data: nodes } }]);
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    const downloads = catchDownloads();
    renderApp('/teams/chart', { permissions: teamsPermissions() });
    await screen.findByRole('region', { name: 'Company' });
    const before = Date.now();
    await userEvent.click(screen.getByRole('button', { name: 'Download PDF' }));
    await waitFor(() => expect(downloads.names).toEqual(['org-chart.pdf']));
    expect(toPng).toHaveBeenCalledTimes(1);
    expect(print).not.toHaveBeenCalled();
    const [blob] = downloads.blobs;
    expect(blob?.type).toBe('application/pdf');
    const pdf = await PDFDocument.load(new Uint8Array(await (blob as Blob).arrayBuffer()));
    expect(pdf.getPageCount()).toBe(1);
    const { width, height } = pdf.getPage(0).getSize();
    expect(width / height).toBeCloseTo(2);
    expect(pdf.getTitle()).toBe('Org chart');
    expect(pdf.getCreationDate()?.getTime()).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
    for (const button of exportButtons()) expect(button).toBeEnabled();
    print.mockRestore();
    downloads.restore();
  });

  it('draws a chart too large for a canvas with fewer pixels, whole, on one A3-wide page', async () => {
    mockFetch([{ path: TREE_PATH, body: { data: nodes } }]);
    const downloads = catchDownloads();
    // 32,000 × 8,000 CSS px: at 2 px each the canvas would be 64,000 px wide.
    const scrollWidth = vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockReturnValue(32_000);
    const scrollHeight = vi.spyOn(HTMLElement.prototype, 'scrollHeight', 'get').mockReturnValue(8_000);
    // Drawn at half a pixel per CSS pixel, smaller than html-to-image would (jsdom keeps it light):
    // 1,600 × 400 px, black, 1 bit deep, standing for 3,200 × 800 CSS px, more than A3 takes.
    toPng.mockResolvedValueOnce(
      'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAABkAAAAGQAQAAAADe7pGrAAAAZUlEQVR42u3BMQEAAADCoPVPbQ0PoAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAgHcDOh8AAeEUs6UAAAAASUVORK5CYII=',
    );
    renderApp('/teams/chart', { permissions: teamsPermissions() });
    await screen.findByRole('region', { name: 'Company' });
    await userEvent.click(screen.getByRole('button', { name: 'Download PDF' }));
    await waitFor(() => expect(downloads.names).toEqual(['org-chart.pdf']));
    expect(toPng.mock.calls[0]?.[1]).toMatchObject({ pixelRatio: 0.5, width: 32_000, height: 8_000 });
    const pdf = await PDFDocument.load(new Uint8Array(await (downloads.blobs[0] as Blob).arrayBuffer()));
    expect(pdf.getPageCount()).toBe(1);
    const { width, height } = pdf.getPage(0).getSize();
    expect(width / height).toBeCloseTo(4);
    expect(width).toBeCloseTo(1190);
    scrollWidth.mockRestore();
    scrollHeight.mockRestore();
    downloads.restore();
  });

  it('is busy while the PDF is made and says so when drawing fails, then can export again', async () => {
    mockFetch([{ path: TREE_PATH, body: { data: nodes } }]);
    const downloads = catchDownloads();
    let fail: (error: Error) => void = () => undefined;
    toPng.mockReturnValueOnce(
      new Promise<string>((_resolve, reject) => {
        fail = reject;
      }),
    );
    renderApp('/teams/chart', { permissions: teamsPermissions() });
    await screen.findByRole('region', { name: 'Company' });
    await userEvent.click(screen.getByRole('button', { name: 'Download PDF' }));
    await waitFor(() => expect(toPng).toHaveBeenCalledTimes(1));
    for (const button of exportButtons()) {
      expect(button).toBeDisabled();
      expect(button).toHaveAttribute('aria-busy', 'true');
    }
    fail(new Error('canvas too large'));
    expect(await screen.findByText('Could not make the PDF: Network Error')).toBeInTheDocument();
    for (const button of exportButtons()) {
      expect(button).toBeEnabled();
      expect(button).toHaveAttribute('aria-busy', 'false');
    }
    expect(downloads.names).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Download PNG' }));
    await waitFor(() => expect(downloads.names).toEqual(['org-chart.png']));
    downloads.restore();
  });

  it('has one h1 and no axe violations', async () => {
    mockFetch([{ path: TREE_PATH, body: { data: nodes } }]);
    renderApp('/teams/chart', { permissions: teamsPermissions() });
    await screen.findByRole('region', { name: 'Company' });
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(await findAxeViolations()).toEqual([]);
  });
});
