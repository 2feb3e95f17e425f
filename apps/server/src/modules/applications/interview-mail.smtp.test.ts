import ICAL from 'ical.js';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/app';
import { callAs, type StaffMember } from '../permissions/permissions-test-support';
import { addresses, type SmtpRecruiting, startSmtpRecruiting } from './smtp-test-support';

// Interview invitations through a real SMTP server (smtp-test-support.ts), parsed back with
// mailparser, their .ics read with a real iCalendar parser (ical.js): the right time zone and time,
// METHOD:REQUEST and then METHOD:CANCEL under the same UID with a higher SEQUENCE.

let smtp: SmtpRecruiting;
let t: TestApp;
let recruiter: StaffMember;
let interviewer: StaffMember;
const apply = (name: string, email: string) => smtp.apply(name, email);
const mailTo = (address: string) => smtp.mailTo(address);

/** The calendar part of a mail (text/calendar), as text. */
function calendarOf(mail: ParsedMail | undefined): string {
  const part = mail?.attachments.find((attachment) => attachment.contentType.startsWith('text/calendar'));
  return part ? part.content.toString('utf8') : '';
}

/** The one VEVENT of an .ics, its zone registered so its start converts to an instant. */
function readEvent(ics: string) {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  for (const zone of calendar.getAllSubcomponents('vtimezone')) {
    ICAL.TimezoneService.register(zone);
  }
  const vevent = calendar.getFirstSubcomponent('vevent');
  if (!vevent) throw new Error('no VEVENT in the invitation');
  return { calendar, event: new ICAL.Event(vevent), vevent };
}

beforeAll(async () => {
  smtp = await startSmtpRecruiting();
  ({ t, recruiter } = smtp);
  interviewer = await smtp.seedStaff('employee');
}, 60_000);

afterAll(async () => {
  await smtp?.close();
});

describe('interview invitations over SMTP', () => {
  it('carry an .ics that a calendar reads at the right time in the right zone, then its cancellation', async () => {
    const applicationId = await apply('Оксана', 'oksana@example.test');
    // Next year, 1 July at 10:00 in New York (EDT, UTC-4): 14:00 UTC.
    const year = new Date().getUTCFullYear() + 1;
    const scheduled = await callAs(t, recruiter, 'POST', `/api/v1/applications/${applicationId}/interviews`, {
      date: `${year}-07-01`,
      time: '10:00',
      duration_minutes: 60,
      time_zone: 'America/New_York',
      interviewer_ids: [interviewer.user.id],
      location: null,
      video_url: 'https://meet.example.test/room',
      note: null,
    });
    expect(scheduled.statusCode, scheduled.body).toBe(201);
    const interviewId = scheduled.json().data.id as number;
    await t.app.jobs.settled();

    const [invitation] = mailTo('oksana@example.test').filter((mail) =>
      mail.subject?.startsWith('Запрошення на співбесіду'),
    );
    expect(invitation?.subject).toBe('Запрошення на співбесіду: Welder, Acme');
    expect(invitation?.text).toContain('Вітаємо, Оксана!');
    expect(addresses(invitation?.replyTo)).toEqual([recruiter.user.email]);
    const ics = calendarOf(invitation);
    const { calendar, event, vevent } = readEvent(ics);
    expect(calendar.getFirstPropertyValue('method')).toBe('REQUEST');
    expect(vevent.getFirstProperty('dtstart')?.getParameter('tzid')).toBe('America/New_York');
    expect(event.startDate.zone?.tzid).toBe('America/New_York');
    expect([event.startDate.hour, event.startDate.minute]).toEqual([10, 0]);
    expect(event.startDate.toJSDate().toISOString()).toBe(`${year}-07-01T14:00:00.000Z`);
    expect(event.endDate.toJSDate().toISOString()).toBe(`${year}-07-01T15:00:00.000Z`);
    expect(event.sequence).toBe(0);
    expect(event.attendees.map((attendee) => String(attendee.getFirstValue()).toLowerCase())).toEqual([
      'mailto:oksana@example.test',
    ]);
    const uid = event.uid;

    // The interviewer's copy: same event, in their language, naming only them.
    const [staffCopy] = mailTo(interviewer.user.email);
    const staffEvent = readEvent(calendarOf(staffCopy)).event;
    expect(staffEvent.uid).toBe(uid);
    expect(staffEvent.startDate.toJSDate().toISOString()).toBe(`${year}-07-01T14:00:00.000Z`);

    const cancelled = await callAs(t, recruiter, 'POST', `/api/v1/interviews/${interviewId}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await t.app.jobs.settled();
    const [cancellation] = mailTo('oksana@example.test').filter((mail) =>
      mail.subject?.startsWith('Співбесіду скасовано'),
    );
    const cancel = readEvent(calendarOf(cancellation));
    expect(cancel.calendar.getFirstPropertyValue('method')).toBe('CANCEL');
    expect(cancel.vevent.getFirstPropertyValue('status')).toBe('CANCELLED');
    expect(cancel.event.uid).toBe(uid);
    expect(cancel.event.sequence).toBe(1);
  });

  it('names a renamed zone as it was chosen (Europe/Kyiv), with its own VTIMEZONE', async () => {
    const applicationId = await apply('Petro', 'petro@example.test');
    const year = new Date().getUTCFullYear() + 1;
    const scheduled = await callAs(t, recruiter, 'POST', `/api/v1/applications/${applicationId}/interviews`, {
      date: `${year}-01-15`,
      time: '09:15',
      duration_minutes: 30,
      time_zone: 'Europe/Kyiv',
      interviewer_ids: [interviewer.user.id],
      location: 'Kyiv, Khreshchatyk 1',
      video_url: null,
      note: null,
    });
    expect(scheduled.statusCode, scheduled.body).toBe(201);
    await t.app.jobs.settled();
    const [invitation] = mailTo('petro@example.test').filter((mail) =>
      mail.subject?.startsWith('Запрошення'),
    );
    const { calendar, event } = readEvent(calendarOf(invitation));
    expect(calendar.getFirstSubcomponent('vtimezone')?.getFirstPropertyValue('tzid')).toBe('Europe/Kyiv');
    expect(event.startDate.zone?.tzid).toBe('Europe/Kyiv');
    // Winter in Kyiv is UTC+2.
    expect(event.startDate.toJSDate().toISOString()).toBe(`${year}-01-15T07:15:00.000Z`);
    expect(event.location).toBe('Kyiv, Khreshchatyk 1');
  });
});
