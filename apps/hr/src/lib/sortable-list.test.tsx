import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FOCUS_AFTER_RENDER_WAIT_MS, useFocusAfterRender } from './sortable-list';

// A list whose "Add" announces at once and shows the new row only later (as the dashboard's optimistic
// update, which lands after an await): focus must reach the new row, not be lost on the first render.

let addRow: () => void = () => {};

function List() {
  const listRef = useRef<HTMLUListElement>(null);
  const focusAfterRender = useFocusAfterRender(listRef);
  const [rows, setRows] = useState(['first']);
  const [announcement, setAnnouncement] = useState('');
  addRow = () => setRows((current) => [...current, 'second']);
  return (
    <>
      <button
        type="button"
        onClick={() => {
          setAnnouncement('second added');
          focusAfterRender('[data-row="second"] button');
        }}
      >
        Add
      </button>
      <p role="status">{announcement}</p>
      <ul ref={listRef}>
        {rows.map((row) => (
          <li key={row} data-row={row}>
            <button type="button">Remove {row}</button>
          </li>
        ))}
      </ul>
    </>
  );
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('useFocusAfterRender', () => {
  it('focuses a row that appears a render after the request', async () => {
    render(<List />);
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(screen.getByRole('status')).toHaveTextContent('second added');
    expect(screen.getByRole('button', { name: 'Add' })).toHaveFocus();
    act(() => addRow());
    expect(screen.getByRole('button', { name: 'Remove second' })).toHaveFocus();
  });

  it('gives up once the row has not come in time', async () => {
    render(<List />);
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    const later = Date.now() + FOCUS_AFTER_RENDER_WAIT_MS + 1;
    vi.spyOn(Date, 'now').mockReturnValue(later);
    act(() => addRow());
    expect(screen.getByRole('button', { name: 'Add' })).toHaveFocus();
  });
});
