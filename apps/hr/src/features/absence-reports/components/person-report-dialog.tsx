import { useId, useMemo, useState } from 'react';
import { DialogActions, DialogFrame, useLastNonNull } from '../../../components/ui/dialog-frame';
import { QueryState } from '../../../components/ui/query-state';
import { useT } from '../../../lib/i18n';
import { useAbsenceTypes, usePersonReport } from '../api/absence-reports-api';
import { useAmount, useDateLabel, useTypeName } from './reports-nav';

/**
 * A person's absences and balances of a year (`dashboard.absence.reportModal`), from the timeline or
 * the employee profile. The year can be stepped back and forth.
 */
export function PersonReportDialog({
  person,
  year,
  onClose,
}: {
  person: { id: number; name: string } | null;
  year: number;
  onClose: () => void;
}) {
  const t = useT();
  const shown = useLastNonNull(person);
  return (
    <DialogFrame
      open={person !== null}
      onClose={onClose}
      title={t('hr.absenceReports.person.title', { name: shown?.name ?? '' })}
      size="wide"
      hasCloseButton
    >
      {shown ? <PersonReport peopleId={shown.id} initialYear={year} onClose={onClose} /> : null}
    </DialogFrame>
  );
}

function PersonReport({
  peopleId,
  initialYear,
  onClose,
}: {
  peopleId: number;
  initialYear: number;
  onClose: () => void;
}) {
  const t = useT();
  const [year, setYear] = useState(initialYear);
  const report = usePersonReport(peopleId, year);
  const types = useAbsenceTypes();
  const typeName = useTypeName();
  const dateLabel = useDateLabel();
  const amount = useAmount();
  const balancesId = useId();
  const typeByCode = useMemo(
    () => new Map((types.data ?? []).map((type) => [type.code, type] as const)),
    [types.data],
  );
  const data = report.data;

  return (
    <div className="person-report">
      <div className="timeline-month">
        <button
          type="button"
          onClick={() => setYear(year - 1)}
          aria-label={t('hr.absenceReports.person.previous_year')}
        >
          <span aria-hidden="true">‹</span>
        </button>
        <output aria-live="polite" className="timeline-month__label">
          {year}
        </output>
        <button
          type="button"
          onClick={() => setYear(year + 1)}
          aria-label={t('hr.absenceReports.person.next_year')}
        >
          <span aria-hidden="true">›</span>
        </button>
      </div>
      <QueryState
        isPending={report.isPending}
        isError={report.isError}
        error={report.error}
        onRetry={() => report.refetch()}
      >
        <h3 id={balancesId}>{t('hr.absenceReports.person.balances')}</h3>
        {data && data.balances.length > 0 ? (
          <section
            className="table-scroll"
            aria-labelledby={balancesId}
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a scroll region takes focus to scroll by keyboard (axe scrollable-region-focusable).
            tabIndex={0}
          >
            <table>
              <thead>
                <tr>
                  <th scope="col">{t('hr.absenceReports.type')}</th>
                  <th scope="col">{t('hr.absenceReports.person.accrued')}</th>
                  <th scope="col">{t('hr.absenceReports.person.used')}</th>
                  <th scope="col">{t('hr.absenceReports.status.pending_label')}</th>
                  <th scope="col">{t('hr.absenceReports.person.available')}</th>
                </tr>
              </thead>
              <tbody>
                {data.balances.map((balance) => (
                  <tr key={balance.absence_type}>
                    <th scope="row">
                      {typeName(typeByCode.get(balance.absence_type), balance.absence_type)}
                    </th>
                    <td>{amount(balance.accrued)}</td>
                    <td>{amount(balance.used)}</td>
                    <td>{amount(balance.pending)}</td>
                    <td>{amount(balance.available)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        ) : (
          <p>{t('hr.absenceReports.person.no_balances')}</p>
        )}
        <h3>{t('hr.absenceReports.person.absences')}</h3>
        {data && data.absences.length > 0 ? (
          <ul className="person-report__absences">
            {data.absences.map((absence) => {
              const type = typeByCode.get(absence.absence_type);
              const dates =
                absence.date_from === absence.date_to
                  ? dateLabel(absence.date_from)
                  : `${dateLabel(absence.date_from)} – ${dateLabel(absence.date_to)}`;
              const unit =
                type?.unit === 'hours' ? 'hr.absenceReports.hours_count' : 'hr.absenceReports.days_count';
              return (
                <li key={absence.id}>
                  <span
                    className="timeline-legend__swatch"
                    style={{ background: type?.color }}
                    aria-hidden="true"
                  />
                  <strong>{typeName(type, absence.absence_type)}</strong> {dates} ·{' '}
                  {t(unit, { count: absence.days, amount: amount(absence.days) })} ·{' '}
                  {t(`hr.absenceReports.status.${absence.status}`)}
                </li>
              );
            })}
          </ul>
        ) : (
          <p>{t('hr.absenceReports.person.no_absences', { year })}</p>
        )}
      </QueryState>
      <DialogActions>
        <button type="button" onClick={onClose}>
          {t('hr.common.close')}
        </button>
      </DialogActions>
    </div>
  );
}
