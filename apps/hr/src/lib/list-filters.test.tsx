import { SEARCH_TEXT_MAX_LENGTH } from '@kadry/shared/schemas/common';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import {
  dateFilter,
  defineListFilters,
  hasActiveFilters,
  idFilter,
  oneOfFilter,
  readListFilters,
  textFilter,
  useForgetUnknownOption,
  useUrlFilters,
  writeListFilters,
} from './list-filters';

const fruitFilters = defineListFilters(
  {
    search: textFilter,
    kind: oneOfFilter(['apple', 'pear']),
    size: oneOfFilter([1, 2, 3]),
    shelf_id: idFilter,
    box_id: idFilter,
    from: dateFilter,
  },
  // A box is on a shelf: without the shelf it cannot be shown.
  (filters) => (filters.shelf_id === undefined ? { ...filters, box_id: undefined } : filters),
);

function read(query: string) {
  return readListFilters(fruitFilters, new URLSearchParams(query));
}

describe('reading and writing list filters', () => {
  it('reads each kind of filter and drops what is malformed', () => {
    expect(read('search=+pie+&kind=pear&size=2&shelf_id=4&box_id=9&from=2032-02-29&page=3')).toEqual({
      page: 3,
      search: 'pie',
      kind: 'pear',
      size: 2,
      shelf_id: 4,
      box_id: 9,
      from: '2032-02-29',
    });
    expect(read('search=+&kind=plum&size=4&shelf_id=1.5&from=2031-02-29&page=two&colour=red')).toEqual({
      page: 1,
    });
    expect(read('from=2031-13-01')).toEqual({ page: 1 });
    expect(read('from=31.03.2031')).toEqual({ page: 1 });
  });

  it('cuts a search longer than the API takes to its limit', () => {
    const long = 'a'.repeat(SEARCH_TEXT_MAX_LENGTH + 50);
    expect(read(`search=${long}`).search).toHaveLength(SEARCH_TEXT_MAX_LENGTH);
  });

  it('applies the refinement on read and on write', () => {
    expect(read('box_id=9')).toEqual({ page: 1 });
    expect(writeListFilters(fruitFilters, { page: 1, box_id: 9 }).toString()).toBe('');
  });

  it('writes in declaration order, without empty filters or page 1, and reads back the same', () => {
    const filters = { page: 2, from: '2031-03-01', size: 3 as const, search: 'red pie', shelf_id: 4 };
    const written = writeListFilters(fruitFilters, filters);
    expect(written.toString()).toBe('search=red+pie&size=3&shelf_id=4&from=2031-03-01&page=2');
    expect(readListFilters(fruitFilters, written)).toEqual(filters);
    expect(writeListFilters(fruitFilters, { page: 1, search: '' }).toString()).toBe('');
  });

  it('tells whether anything narrows the list (paging does not)', () => {
    expect(hasActiveFilters(fruitFilters, { page: 5 })).toBe(false);
    expect(hasActiveFilters(fruitFilters, { page: 1, kind: 'apple' })).toBe(true);
  });
});

function FruitList() {
  const list = useUrlFilters(fruitFilters);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        list.submitDraft();
      }}
    >
      <label>
        Search
        <input
          type="search"
          value={list.draft.search}
          onChange={(event) => list.setDraft('search', event.target.value)}
        />
      </label>
      <label>
        Kind
        <select
          value={list.filters.kind ?? ''}
          onChange={(event) => list.selectFilter('kind', event.target.value)}
        >
          <option value="">All</option>
          <option value="apple">Apple</option>
          <option value="pear">Pear</option>
        </select>
      </label>
      <button type="button" onClick={() => list.setPage(list.filters.page + 1)}>
        Next
      </button>
    </form>
  );
}

function renderFruitList(path: string) {
  const location = memoryLocation({ path, record: true });
  render(
    <Router hook={location.hook}>
      <FruitList />
    </Router>,
  );
  return location;
}

describe('useUrlFilters', () => {
  it('Enter applies the search at once as its own entry, and the pause after it adds nothing', async () => {
    const location = renderFruitList('/fruit?kind=pear&page=2');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search' }), 'pie{Enter}');
    expect(location.history).toEqual(['/fruit?kind=pear&page=2', '/fruit?search=pie&kind=pear']);
    // Past the typing pause: the settled text is what the address shows already.
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(location.history).toHaveLength(2);
  });

  it('adds an entry for each choice and page, none for a choice that changes nothing', async () => {
    const location = renderFruitList('/fruit');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Kind' }), 'apple');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Kind' }), 'apple');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Kind' }), 'pear');
    expect(location.history).toEqual([
      '/fruit',
      '/fruit?kind=apple',
      '/fruit?kind=apple&page=2',
      '/fruit?kind=pear',
    ]);
  });

  it('a search typed after a choice is a new entry, so Back returns to the choice', async () => {
    const location = renderFruitList('/fruit');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Kind' }), 'pear');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search' }), 'p');
    await waitFor(() => expect(location.history?.at(-1)).toBe('/fruit?search=p&kind=pear'));
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search' }), 'ie');
    await waitFor(() => expect(location.history?.at(-1)).toBe('/fruit?search=pie&kind=pear'));
    expect(location.history).toEqual(['/fruit', '/fruit?kind=pear', '/fruit?search=pie&kind=pear']);
  });

  it('the box follows the address when something else changes it (a link, Back)', async () => {
    const location = renderFruitList('/fruit?search=pie');
    const search = screen.getByRole('searchbox', { name: 'Search' });
    expect(search).toHaveValue('pie');
    location.navigate('/fruit?search=tart');
    await waitFor(() => expect(search).toHaveValue('tart'));
    location.navigate('/fruit');
    await waitFor(() => expect(search).toHaveValue(''));
  });

  it('forgets unknown options, several at once, without a history entry', () => {
    function ShelfList() {
      const list = useUrlFilters(fruitFilters);
      useForgetUnknownOption(list.filters.shelf_id, [{ value: 1 }], () =>
        list.applyFilters({ shelf_id: undefined }, { replace: true }),
      );
      useForgetUnknownOption(list.filters.size, [{ value: 1 }, { value: 2 }], () =>
        list.applyFilters({ size: undefined }, { replace: true }),
      );
      useForgetUnknownOption(list.filters.kind, undefined, () => list.applyFilters({ kind: undefined }));
      return null;
    }
    // The shelf is unknown; the size is known; the kinds have not loaded, so the kind stays.
    const location = memoryLocation({ path: '/fruit?kind=pear&size=2&shelf_id=9&page=2', record: true });
    render(
      <Router hook={location.hook}>
        <ShelfList />
      </Router>,
    );
    expect(location.history).toEqual(['/fruit?kind=pear&size=2']);

    const both = memoryLocation({ path: '/fruit?size=3&shelf_id=9', record: true });
    render(
      <Router hook={both.hook}>
        <ShelfList />
      </Router>,
    );
    expect(both.history).toEqual(['/fruit']);
  });
});
