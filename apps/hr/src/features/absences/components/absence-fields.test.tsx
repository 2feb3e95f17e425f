import en from '@kadry/shared/i18n/en.json';
import {
  type AbsenceType,
  absenceTypeSchema,
  createAbsenceRequestBodySchema,
} from '@kadry/shared/schemas/absences';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { I18nProvider } from '../../../lib/i18n';
import { PageDataProvider } from '../../../lib/page-data';
import { buildPageData } from '../../../test/render-app';
import { sickNoteType, vacationType } from '../absences-test-data';
import {
  AbsenceFields,
  type AbsenceFieldValues,
  absenceFieldsBody,
  EMPTY_ABSENCE_FIELDS,
  missingAbsenceFields,
} from './absence-fields';

const overtimeType: AbsenceType = absenceTypeSchema.parse({
  ...vacationType,
  id: 7,
  code: 'overtime',
  number: null,
  names: { en: 'Overtime', ru: 'Переработка', uk: 'Понаднормова робота' },
  unit: 'hours',
});
const switchedOffType: AbsenceType = absenceTypeSchema.parse({
  ...vacationType,
  id: 8,
  code: 'business_trip',
  number: null,
  names: { en: 'Business trip', ru: 'Командировка', uk: 'Відрядження' },
  unit: 'days',
  is_enabled: false,
});
const TYPES = [vacationType, sickNoteType, overtimeType, switchedOffType];

/** The fields as a form holds them: its own state, and the errors it is given. */
function Harness({ errors = {} }: { errors?: Record<string, string> }) {
  const [values, setValues] = useState<AbsenceFieldValues>(EMPTY_ABSENCE_FIELDS);
  return (
    <PageDataProvider value={buildPageData()}>
      <I18nProvider locale="en" catalog={en}>
        <form aria-label="Absence">
          <AbsenceFields
            types={TYPES}
            values={values}
            errors={errors}
            onChange={(key, value) => setValues((current) => ({ ...current, [key]: value }))}
          />
        </form>
        <output data-testid="values">{JSON.stringify(values)}</output>
      </I18nProvider>
    </PageDataProvider>
  );
}

function shownValues(): AbsenceFieldValues {
  return JSON.parse(screen.getByTestId('values').textContent ?? '{}') as AbsenceFieldValues;
}

describe('the absence fields', () => {
  it('offers the enabled types and asks for what the chosen type counts in', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const typeSelect = screen.getByRole('combobox', { name: /Type/ });
    expect(
      within(typeSelect)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Choose a type', 'Vacation', 'Sick leave (certified)', 'Overtime']);

    // Half days: both dates and the two midday boxes.
    await user.selectOptions(typeSelect, 'vacation');
    expect(screen.getByLabelText(/^From/)).toHaveAttribute('type', 'date');
    expect(screen.getByLabelText(/^To/)).toHaveAttribute('type', 'date');
    await user.click(screen.getByRole('checkbox', { name: 'The first day from midday' }));
    expect(screen.getByRole('checkbox', { name: 'The last day until midday' })).not.toBeChecked();

    // Whole days: no midday boxes.
    await user.selectOptions(typeSelect, 'sick_days_doc');
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.getByLabelText(/^To/)).toBeInTheDocument();

    // Hours: one date and the hours instead of an end date.
    await user.selectOptions(typeSelect, 'overtime');
    expect(screen.getByLabelText(/^Date/)).toHaveAttribute('type', 'date');
    expect(screen.queryByLabelText(/^To/)).not.toBeInTheDocument();
    await user.type(screen.getByRole('spinbutton', { name: /Hours/ }), '1.5');
    await user.type(screen.getByRole('textbox', { name: 'Comment' }), 'Release night');
    expect(shownValues()).toMatchObject({
      absence_type: 'overtime',
      half_day_start: true,
      hours: '1.5',
      comment: 'Release night',
    });
  });

  it('puts each error under its field, the midday boxes included', async () => {
    const user = userEvent.setup();
    render(
      <Harness errors={{ date_to: 'The end date is before the start date.', half_day_end: 'Not here.' }} />,
    );
    await user.selectOptions(screen.getByRole('combobox', { name: /Type/ }), 'vacation');
    const dateTo = screen.getByLabelText(/^To/);
    expect(dateTo).toHaveAttribute('aria-invalid', 'true');
    const dateError = screen.getByText('The end date is before the start date.');
    expect(dateTo.getAttribute('aria-describedby')).toContain(dateError.id);
    const lastDay = screen.getByRole('checkbox', { name: 'The last day until midday' });
    expect(lastDay).toHaveAttribute('aria-invalid', 'true');
    expect(lastDay).toHaveAttribute('aria-describedby', screen.getByText('Not here.').id);
    const firstDay = screen.getByRole('checkbox', { name: 'The first day from midday' });
    expect(firstDay).not.toHaveAttribute('aria-invalid');
    expect(firstDay).not.toHaveAttribute('aria-describedby');
    expect(screen.getByLabelText(/^From/)).not.toHaveAttribute('aria-invalid');
  });
});

describe('what the absence fields require and send', () => {
  const filled: AbsenceFieldValues = {
    absence_type: 'vacation',
    date_from: '2031-06-02',
    date_to: '2031-06-05',
    half_day_start: true,
    half_day_end: true,
    hours: '2,5',
    comment: '  Sea  ',
  };

  it('asks for the type, the start, and the end or the hours as the type counts', () => {
    expect(missingAbsenceFields(EMPTY_ABSENCE_FIELDS, undefined, 'Fill it in.')).toEqual({
      absence_type: 'Fill it in.',
      date_from: 'Fill it in.',
      date_to: 'Fill it in.',
    });
    expect(missingAbsenceFields({ ...filled, date_to: '' }, vacationType, '!')).toEqual({ date_to: '!' });
    expect(
      missingAbsenceFields(
        { ...filled, absence_type: 'overtime', date_to: '', hours: '' },
        overtimeType,
        '!',
      ),
    ).toEqual({ hours: '!' });
    expect(missingAbsenceFields(filled, vacationType, '!')).toEqual({});
  });

  it('sends half days only where the type counts them, hours as one day, and a trimmed comment', () => {
    const halfDays = absenceFieldsBody(filled, vacationType);
    expect(halfDays).toEqual({
      absence_type: 'vacation',
      date_from: '2031-06-02',
      date_to: '2031-06-05',
      half_day_start: true,
      half_day_end: true,
      comment: 'Sea',
    });
    expect(absenceFieldsBody({ ...filled, absence_type: 'sick_days_doc' }, sickNoteType)).toMatchObject({
      half_day_start: false,
      half_day_end: false,
    });
    const hours = absenceFieldsBody({ ...filled, absence_type: 'overtime', comment: ' ' }, overtimeType);
    expect(hours).toEqual({
      absence_type: 'overtime',
      date_from: '2031-06-02',
      date_to: '2031-06-02',
      half_day_start: false,
      half_day_end: false,
      hours: 2.5,
    });
    for (const body of [halfDays, hours]) {
      expect(createAbsenceRequestBodySchema.safeParse(body).success).toBe(true);
    }
  });
});
