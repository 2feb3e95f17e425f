import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { filterTimeZones, formatTimeZoneOffset, listTimeZones, TimeZoneSelect } from './time-zone-select';

describe('time zone list', () => {
  it('has UTC and the current value even when the runtime does not list them', () => {
    const zones = listTimeZones('Mars/Olympus_Mons');
    expect(zones).toContain('UTC');
    expect(zones).toContain('Mars/Olympus_Mons');
    expect(zones).toContain('America/New_York');
    expect([...zones].sort((a, b) => a.localeCompare(b))).toEqual(zones);
  });

  it('finds zones by words in any order of separators, or by offset', () => {
    const zones = [
      { zone: 'America/New_York', offset: 'GMT-05:00' },
      { zone: 'Europe/Kyiv', offset: 'GMT+02:00' },
      { zone: 'Asia/Kolkata', offset: 'GMT+05:30' },
    ];
    expect(filterTimeZones(zones, 'new york').map((item) => item.zone)).toEqual(['America/New_York']);
    expect(filterTimeZones(zones, 'KYIV').map((item) => item.zone)).toEqual(['Europe/Kyiv']);
    expect(filterTimeZones(zones, '+05:30').map((item) => item.zone)).toEqual(['Asia/Kolkata']);
    expect(filterTimeZones(zones, '  ')).toHaveLength(3);
  });

  it('states the offset, and nothing for a zone the runtime does not know', () => {
    expect(formatTimeZoneOffset('Asia/Kolkata', new Date('2031-01-01T00:00:00Z'))).toBe('GMT+05:30');
    expect(formatTimeZoneOffset('Mars/Olympus_Mons')).toBe('');
  });
});

function Harness() {
  const [zone, setZone] = useState('Europe/Kyiv');
  return (
    <div>
      <label htmlFor="zone">Time zone</label>
      <TimeZoneSelect id="zone" noMatchesText="No match" value={zone} onChange={setZone} />
      <output>{zone}</output>
      <button type="button">Next field</button>
    </div>
  );
}

describe('TimeZoneSelect', () => {
  it('picks a zone by typing part of it and pressing Enter; leaving without a pick keeps the zone', async () => {
    render(<Harness />);
    const input = screen.getByRole('combobox', { name: 'Time zone' });
    expect(input).toHaveValue('Europe/Kyiv');

    // Typing over the whole text, as after selecting it.
    await userEvent.type(input, 'york', { initialSelectionStart: 0, initialSelectionEnd: 11 });
    await waitFor(() =>
      expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
        expect.stringContaining('America/New_York'),
      ]),
    );
    await userEvent.keyboard('{Enter}');
    expect(document.querySelector('output')).toHaveTextContent('America/New_York');
    expect(input).toHaveValue('America/New_York');

    await userEvent.type(input, 'atlantis', { initialSelectionStart: 0, initialSelectionEnd: 16 });
    expect(await screen.findByText('No match')).toBeInTheDocument();
    await userEvent.tab();
    await waitFor(() => expect(input).toHaveValue('America/New_York'));
    expect(document.querySelector('output')).toHaveTextContent('America/New_York');
  });
});
