import type { ActionStatus } from '@kadry/shared/schemas/action-templates';
import type { WidgetParams } from '@kadry/shared/schemas/dashboard';
import { type RefObject, useId, useState } from 'react';
import { DialogActions, DialogFrame } from '../../../components/ui/dialog-frame';
import { Pagination } from '../../../components/ui/pagination';
import { useT } from '../../../lib/i18n';
import { PersonField, TeamsField, useFormatDay, WidgetState } from '../../dashboard/components/widget-parts';
import { type TemplateEventsRequest, useTemplateEvents } from '../api/action-templates-api';
import { PeriodFields, TemplateSelect } from './action-filters';
import { ActionRow } from './action-row';

// "All actions" of the HR actions widget (issue 15, spec §3.2 templates-events request): every action
// of the period across the templates, a page at a time (`dashboard.actions.templateEvents`), with the
// route's filters — period, team, person, template, whether a task is made, only what the user does —
// each row with the widget's "make a task".

type Params = WidgetParams<'hrActions'>;

const PER_PAGE = 20;
const STATUSES: readonly ActionStatus[] = ['all', 'open', 'task_created'];

/** The dialog's filters start from the widget's own (its period, team, person and first template). */
function initialRequest(params: Params): TemplateEventsRequest {
  return {
    custom_period_start: params.custom_period_start,
    custom_period_end: params.custom_period_end,
    team_ids: params.team_ids,
    employee_ids: params.employee_ids,
    template_ids: params.template_ids,
    status: 'all',
    mine: false,
    page: 1,
    per_page: PER_PAGE,
  };
}

function AllActions({ params }: { params: Params }) {
  const t = useT();
  const id = useId();
  const formatDay = useFormatDay();
  const [request, setRequest] = useState(() => initialRequest(params));
  const [announcement, setAnnouncement] = useState('');
  const query = useTemplateEvents(request);
  /** A filter changed: back to the first page. */
  const change = (values: Partial<TemplateEventsRequest>) => setRequest({ ...request, ...values, page: 1 });
  const period = query.data?.meta.period;
  return (
    <>
      <form
        className="hr-actions__all-filters"
        aria-label={t('hr.action_templates.all.filters')}
        onSubmit={(event) => event.preventDefault()}
      >
        <PeriodFields id={id} value={request} onChange={change} />
        <TeamsField id={id} value={request.team_ids} onChange={(team_ids) => change({ team_ids })} />
        <PersonField
          id={id}
          label={t('hr.action_templates.widget.person')}
          allLabel={t('hr.action_templates.widget.everyone')}
          value={request.employee_ids[0] ?? null}
          onChange={(employeeId) => change({ employee_ids: employeeId === null ? [] : [employeeId] })}
        />
        <TemplateSelect
          id={id}
          value={request.template_ids.length === 1 ? (request.template_ids[0] ?? null) : null}
          onChange={(templateId) => change({ template_ids: templateId === null ? [] : [templateId] })}
        />
        <div className="field">
          <label htmlFor={`${id}-status`}>{t('hr.action_templates.all.status')}</label>
          <select
            id={`${id}-status`}
            value={request.status}
            onChange={(event) => change({ status: event.target.value as ActionStatus })}
          >
            {STATUSES.map((status) => (
              <option key={status} value={status}>
                {t(`hr.action_templates.all.status_${status}`)}
              </option>
            ))}
          </select>
        </div>
        <label className="hr-actions__mine">
          <input
            type="checkbox"
            checked={request.mine}
            onChange={(event) => change({ mine: event.target.checked })}
          />{' '}
          {t('hr.action_templates.all.mine')}
        </label>
      </form>
      {period ? (
        <p className="hr-actions__period">
          {t('hr.action_templates.widget.period', {
            start: formatDay(period.start),
            end: formatDay(period.end),
          })}
          {' · '}
          {t('hr.action_templates.all.total', { count: query.data?.meta.total ?? 0 })}
        </p>
      ) : null}
      <p className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>
      <WidgetState
        query={query}
        isEmpty={(data) => data.data.length === 0}
        empty={t('hr.action_templates.widget.empty')}
      >
        {(data) => (
          <>
            <ul className="dashboard-widget__list hr-actions__all-list">
              {data.data.map((action) => (
                <ActionRow key={action.key} action={action} onAnnounce={setAnnouncement} showsTemplate />
              ))}
            </ul>
            <Pagination
              page={data.meta.current_page}
              lastPage={data.meta.last_page}
              onChange={(page) => setRequest({ ...request, page })}
            />
          </>
        )}
      </WidgetState>
    </>
  );
}

/** The dialog; its filters start afresh from the widget's each time it opens. */
export function AllActionsDialog({
  open,
  onClose,
  params,
  finalFocus,
}: {
  open: boolean;
  onClose: () => void;
  params: Params;
  finalFocus?: RefObject<HTMLElement | null>;
}) {
  const t = useT();
  return (
    <DialogFrame
      open={open}
      onClose={onClose}
      title={t('hr.action_templates.all.title')}
      size="wide"
      hasCloseButton
      finalFocus={finalFocus}
    >
      {open ? <AllActions params={params} /> : null}
      <DialogActions>
        <button type="button" onClick={onClose}>
          {t('hr.common.close')}
        </button>
      </DialogActions>
    </DialogFrame>
  );
}
