import { expect, type Page, test } from '@playwright/test';
import { inviteColleague, openStaffApi, signIn } from '../hr/hr-session';
import { HR_OWNER } from '../hr/hr-users';

// Issue 17's recruiter flow, each person in their own browser: a recruiter rejects 10 applications in
// bulk with a reason and a rejection mail; schedules an interview for the one left; the interviewer
// signs in, finds it under "My interviews" on their home screen (the vacancies) and fills a scorecard;
// the recruiter sees the scorecard on the card and every step in the activity history.

type Created = { data: { id: number } };

/** Sends an application through the public form, as the careers site does. */
async function apply(page: Page, vacancyId: number, who: { name: string; email: string }) {
  const response = await page.request.post(`/api/v1/public-vacancies/${vacancyId}/response`, {
    multipart: {
      source: 'e2e',
      'fields[0][type]': 'name',
      'fields[0][input_value]': who.name,
      'fields[1][type]': 'email',
      'fields[1][input_value]': who.email,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as Created).data.id;
}

/** Tomorrow as YYYY-MM-DD (UTC), for an interview in the future. */
function tomorrow(): string {
  return new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
}

test('a recruiter rejects 10 applications in bulk with a reason and mail, schedules an interview; the interviewer fills a scorecard from their home; the recruiter sees it and every step in the history', async ({
  page,
  browser,
}) => {
  // Three people, eleven applications and mail: longer than a single screen's test.
  test.setTimeout(360_000);
  const unique = Date.now().toString(36);
  const recruiterAccount = {
    name: `Rita Recruiter ${unique}`,
    email: `rita-${unique}@e2e.test`,
    password: `rita-password-${unique}`,
    roleKey: 'recruiter',
  };
  const interviewerAccount = {
    name: `Ivan Interviewer ${unique}`,
    email: `ivan-${unique}@e2e.test`,
    password: `ivan-password-${unique}`,
    roleKey: 'manager',
  };

  // Set-up as the owner: the recruiter and the interviewer, a form, and a published vacancy of the
  // recruiter's with the interviewer and one attribute to rate; then 11 applications.
  await signIn(page, HR_OWNER);
  const recruiter = await inviteColleague(page, browser, recruiterAccount);
  const interviewer = await inviteColleague(page, browser, interviewerAccount);
  const api = await openStaffApi(page);
  const form = (await api.post('/api/v1/forms', {
    name: `E2E flow form ${unique}`,
    is_default: false,
    fields: [
      { name: 'Name', type: 'name', input_type: 'text', required: true, validation: null, input_meta: null },
      {
        name: 'Email',
        type: 'email',
        input_type: 'email',
        required: true,
        validation: null,
        input_meta: null,
      },
    ],
  })) as Created;
  const vacancyName = `E2E flow vacancy ${unique}`;
  const vacancy = (await api.post('/api/v1/vacancies', {
    name: vacancyName,
    form_id: form.data.id,
    recruiter_ids: [recruiter.id],
    interviewer_ids: [interviewer.id],
    scorecard_attributes: [{ name: 'Communication' }],
  })) as Created;
  await api.post(`/api/v1/vacancies/${vacancy.data.id}/publish`);
  const applicants = Array.from({ length: 11 }, (_, i) => ({
    name: `Applicant ${String(i + 1).padStart(2, '0')} ${unique}`,
    email: `applicant-${i + 1}-${unique}@e2e.test`,
  }));
  const ids: number[] = [];
  for (const applicant of applicants) ids.push(await apply(page, vacancy.data.id, applicant));
  const keptName = applicants[10]?.name ?? '';

  // The recruiter rejects ten from the list, in bulk, with a reason and the rejection template.
  const rita = recruiter.page;
  await rita.goto(`/app/applications?vacancy_id=${vacancy.data.id}&sort=name&order=asc`);
  await expect(rita.getByRole('link', { name: applicants[0]?.name ?? '' })).toBeVisible();
  for (const applicant of applicants.slice(0, 10)) {
    await rita.getByRole('checkbox', { name: `Select ${applicant.name}` }).check();
  }
  const bar = rita.getByRole('region', { name: 'Selected candidates' });
  await expect(bar).toContainText('10 selected');
  await bar.getByRole('button', { name: 'Reject…' }).click();
  const dialog = rita.getByRole('dialog', { name: 'Reject 10 candidates' });
  const reason = dialog.getByRole('combobox', { name: /Reason/ });
  await expect(reason.locator('option')).not.toHaveCount(1);
  await reason.selectOption({ index: 1 });
  const reasonName = (await reason.locator('option:checked').textContent()) ?? '';
  await dialog.getByRole('checkbox', { name: /mail/i }).check();
  await dialog.getByRole('combobox', { name: 'Template' }).selectOption({ label: 'Rejection' });
  await expect(dialog.getByRole('textbox', { name: /Subject/ })).not.toHaveValue('');
  await dialog.getByRole('button', { name: 'Reject 10 candidates' }).click();
  // The outcome, said in the list's status line (and a snackbar).
  await expect(rita.getByRole('status').filter({ hasText: 'Done for 10 of 10.' }).first()).toBeVisible();
  await expect(rita.getByRole('row', { name: new RegExp(applicants[0]?.name ?? '') })).toContainText(
    'Rejected',
  );
  await expect(rita.getByRole('row', { name: new RegExp(keptName) })).not.toContainText('Rejected');

  // And schedules an interview with the one left, from the card: tomorrow at 10:00, Kyiv time.
  await rita.getByRole('link', { name: keptName }).click();
  await expect(rita.getByRole('heading', { level: 1, name: new RegExp(keptName) })).toBeVisible();
  await rita.getByRole('button', { name: 'Schedule an interview' }).click();
  const schedule = rita.getByRole('dialog', { name: `Schedule an interview with ${keptName}` });
  await schedule.getByLabel('Date').fill(tomorrow());
  // "Time *" (the field's required mark), not "Time zone".
  await schedule.getByLabel(/^Time(?! zone)/).fill('10:00');
  await expect(schedule.getByRole('checkbox', { name: interviewerAccount.name })).toBeChecked();
  await schedule.getByLabel('Video call link').fill('https://meet.example.com/e2e');
  await schedule.getByRole('button', { name: 'Schedule and send invitations' }).click();
  await expect(rita.getByText('The interview is scheduled; invitations are on their way.')).toBeVisible();

  // The interviewer finds it on their home screen and fills the scorecard.
  const ivan = interviewer.page;
  await ivan.goto('/app/vacancies');
  const mine = ivan.getByRole('region', { name: 'My interviews' });
  await mine.getByRole('link', { name: `Open the interview with ${keptName}` }).click();
  const scorecard = ivan.getByRole('form', { name: 'Your scorecard' });
  await scorecard
    .getByRole('group', { name: 'Communication' })
    .getByRole('radio', { name: '4 — excellent' })
    .check();
  await scorecard
    .getByRole('group', { name: 'Overall recommendation' })
    .getByRole('radio', { name: 'Strong yes' })
    .check();
  await scorecard.getByLabel('Notes').fill('Clear and kind.');
  await scorecard.getByRole('button', { name: 'Submit the scorecard' }).click();
  await expect(ivan.getByText('The scorecard is saved.')).toBeVisible();

  // The recruiter sees the scorecard on the card, and every step in the history.
  await rita.reload();
  const cards = rita.getByRole('region', { name: 'Scorecards' });
  await expect(cards.getByRole('article', { name: interviewerAccount.name })).toContainText('Strong yes');
  const history = rita.getByRole('list', { name: 'Activity history' });
  await expect(history).toContainText('Application received from e2e');
  await expect(history).toContainText('Interview scheduled for');
  await expect(history).toContainText('Scorecard submitted: Strong yes');
  await expect(history).toContainText('Interview mail');

  // A rejected one's history: the rejection with its reason and the rejection mail.
  await rita.goto(`/app/applications/${ids[0]}`);
  const rejectedHistory = rita.getByRole('list', { name: 'Activity history' });
  await expect(rejectedHistory).toContainText('Application received from e2e');
  await expect(rejectedHistory).toContainText(`Rejected: ${reasonName.trim()}`);
  await expect(rejectedHistory).toContainText('Rejection mail');

  await recruiter.context.close();
  await interviewer.context.close();
});
