import type { AbsenceTypeCode } from '@kadry/shared/schemas/absences';
import type { WidgetParams } from '@kadry/shared/schemas/dashboard';
import { useId, useState } from 'react';
import { Pagination } from '../../../components/ui/pagination';
import { useT } from '../../../lib/i18n';
import { useAbsenceFilter, useAbsenceList, useSaveWidgetParams } from '../api/dashboard-api';
import { useAmount, useFormatRange } from './absence-widgets';
import { LimitField, useWidgetTitle, WidgetSettings, WidgetState } from './widget-parts';

// The absences widget (spec §7.2): approved absences not yet ended of the people the user sees
// (`dashboard.absence.list`, `per_page` from the limit), paged, filtered by one type whose options are
// `dashboard.absence.filter`'s, most absences first. The chosen type is saved as the widget's params.

type Params = WidgetParams<'absences'>;

function TypeFilter({
  value,
  onChange,
}: {
  value: AbsenceTypeCode | null;
  onChange: (code: AbsenceTypeCode | null) => void;
}) {
  const t = useT();
  const id = useId();
  const filter = useAbsenceFilter();
  const options = filter.data ?? [];
  // A saved type with no absences left is still the one chosen: listed, with nothing counted.
  const shown =
    value !== null && !options.some((option) => option.absence_type === value)
      ? [...options, { absence_type: value, total: 0 }]
      : options;
  return (
    <div className="field dashboard-absences__filter">
      <label htmlFor={id}>{t('hr.absences.type_label')}</label>
      <select
        id={id}
        value={value ?? ''}
        onChange={(event) =>
          onChange(event.target.value === '' ? null : (event.target.value as AbsenceTypeCode))
        }
      >
        <option value="">{t('hr.dashboard.all_types')}</option>
        {shown.map((option) => (
          <option key={option.absence_type} value={option.absence_type}>
            {t('hr.dashboard.absences.type_option', {
              type: t(`hr.absences.type.${option.absence_type}`),
              total: option.total,
            })}
          </option>
        ))}
      </select>
    </div>
  );
}

export function AbsencesWidget({ params }: { params: Params }) {
  const t = useT();
  const title = useWidgetTitle();
  const formatRange = useFormatRange();
  const amount = useAmount();
  const save = useSaveWidgetParams('absences');
  // The chosen type is shown at once; until the server has merged it (`undefined`: nothing unsaved).
  const [unsaved, setUnsaved] = useState<AbsenceTypeCode | null | undefined>(undefined);
  const absenceType = unsaved === undefined ? params.absence_type : unsaved;
  const shown: Params = { ...params, absence_type: absenceType };
  // Another filter or limit starts again from the first page.
  const signature = `${shown.limit}|${shown.absence_type ?? ''}`;
  const [paging, setPaging] = useState({ signature, page: 1 });
  const page = paging.signature === signature ? paging.page : 1;
  const query = useAbsenceList(shown, page);

  const choose = (code: AbsenceTypeCode | null) => {
    setUnsaved(code);
    save.mutate({ absence_type: code }, { onSettled: () => setUnsaved(undefined) });
  };

  return (
    <>
      <WidgetSettings widget="absences" params={params}>
        {(draft, change, id) => (
          <LimitField id={id} value={draft.limit} onChange={(limit) => change({ limit })} />
        )}
      </WidgetSettings>
      <TypeFilter value={absenceType} onChange={choose} />
      <WidgetState
        query={query}
        isEmpty={(data) => data.meta.total === 0}
        empty={t(absenceType === null ? 'hr.dashboard.absences.empty' : 'hr.dashboard.absences.empty_type')}
      >
        {(data) => (
          <>
            <ul className="dashboard-widget__list" aria-label={title('absences')}>
              {data.data.map((row) => (
                <li key={row.id} className="dashboard-widget__row">
                  <span className="dashboard-widget__primary">{row.employee_name}</span>
                  <span className="dashboard-widget__secondary">
                    {t(`hr.absences.type.${row.absence_type}`)} · {formatRange(row.date_from, row.date_to)}
                  </span>
                  <span className="dashboard-widget__secondary">
                    {row.hours === null ? amount(row.days, 'days') : amount(row.hours, 'hours')} ·{' '}
                    {/* The list holds approved absences only (absences.service.ts listAbsences). */}
                    <span className="dashboard-widget__status dashboard-widget__status--approved">
                      {t('hr.absences.status.approved')}
                    </span>
                  </span>
                </li>
              ))}
            </ul>
            <Pagination
              page={data.meta.current_page}
              lastPage={data.meta.last_page}
              onChange={(next) => setPaging({ signature, page: next })}
            />
          </>
        )}
      </WidgetState>
    </>
  );
}
