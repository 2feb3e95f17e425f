import { describe, expect, it } from 'vitest';
import { buildInvitation, findVtimezone, toInstant, toLocalParts } from './interview-calendar';

// The invitation's arithmetic: local wall time in a zone to an instant and back (across DST), the
// VTIMEZONE of renamed zones, and the iCalendar text itself.

describe('local time in a zone', () => {
  it('is the right instant on either side of a DST change, and reads back the same', () => {
    // Kyiv moves to summer time on the last Sunday of March (2031-03-30) at 03:00.
    expect(toInstant('2031-03-29', '10:00', 'Europe/Kyiv').toISOString()).toBe('2031-03-29T08:00:00.000Z');
    expect(toInstant('2031-03-30', '10:00', 'Europe/Kyiv').toISOString()).toBe('2031-03-30T07:00:00.000Z');
    expect(toInstant('2031-11-03', '09:30', 'America/New_York').toISOString()).toBe(
      '2031-11-03T14:30:00.000Z',
    );
    expect(toLocalParts(new Date('2031-03-30T07:00:00Z'), 'Europe/Kyiv')).toEqual({
      date: '2031-03-30',
      time: '10:00',
    });
    expect(toLocalParts(new Date('2031-01-01T00:30:00Z'), 'Asia/Kolkata')).toEqual({
      date: '2031-01-01',
      time: '06:00',
    });
  });
});

describe('findVtimezone', () => {
  it('names the component as asked, also for zones the library knows by an older name', () => {
    expect(findVtimezone('Europe/Kyiv')).toMatch(/^TZID:Europe\/Kyiv$/m);
    expect(findVtimezone('America/New_York')).toMatch(/^TZID:America\/New_York$/m);
    expect(findVtimezone('UTC')).toMatch(/^TZID:UTC$/m);
    expect(findVtimezone('Mars/Olympus')).toBeNull();
  });
});

describe('buildInvitation', () => {
  const base = {
    uid: 'abc@kadry',
    sequence: 3,
    startsAt: new Date('2031-07-01T14:00:00Z'),
    durationMinutes: 30,
    timeZone: 'America/New_York',
    summary: 'Interview',
    description: 'Hello',
    location: 'Room 4',
    url: null,
    organizer: { name: 'Rita Recruiter', email: 'rita@example.test' },
    attendee: { name: 'Oksana', email: 'oksana@example.test' },
    stamp: new Date('2031-06-01T08:00:00Z'),
  };

  it('writes a request in the zone, DTSTAMP in UTC, the one attendee asked to reply', () => {
    const ics = buildInvitation({ ...base, method: 'REQUEST' });
    expect(ics).toContain('METHOD:REQUEST');
    expect(ics).toContain('DTSTART;TZID=America/New_York:20310701T100000');
    expect(ics).toContain('DTEND;TZID=America/New_York:20310701T103000');
    expect(ics).toContain('DTSTAMP:20310601T080000Z');
    expect(ics).toContain('SEQUENCE:3');
    // Long lines are folded (RFC 5545 §3.1): unfolded, the attendee is asked to reply.
    const unfolded = ics.replace(/\r\n[ \t]/g, '');
    expect(unfolded).toMatch(/ATTENDEE;[^\r\n]*RSVP=TRUE[^\r\n]*:MAILTO:oksana@example\.test/);
    expect(ics).not.toContain('X-WR-TIMEZONE');
  });

  it('writes a cancellation of the same event', () => {
    const ics = buildInvitation({ ...base, method: 'CANCEL' });
    expect(ics).toContain('METHOD:CANCEL');
    expect(ics).toContain('STATUS:CANCELLED');
    expect(ics).toContain('UID:abc@kadry');
  });
});
