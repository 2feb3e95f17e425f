import type { TemplateActionsGroup } from '@kadry/shared/schemas/action-templates';
import type { WidgetParams } from '@kadry/shared/schemas/dashboard';
import { useId, useRef, useState } from 'react';
import { Link } from 'wouter';
import { useT } from '../../../lib/i18n';
import { usePermissions } from '../../../lib/permissions/use-permissions';
import {
  LimitField,
  PersonField,
  TeamsField,
  useFormatDay,
  WidgetSettings,
  WidgetState,
} from '../../dashboard/components/widget-parts';
import { type ActionsRequest, useActionGroups, useTemplateActions } from '../api/action-templates-api';
import { PeriodFields, TemplatesField } from './action-filters';
import { ActionRow } from './action-row';
import { AllActionsDialog } from './all-actions-dialog';
import './action-templates.css';

// The dashboard's HR actions widget (issue 15, spec §1 "event templates"): next month's actions of the
// company's templates (or the period the settings choose), by template, each with "make a task" —
// or, once made, a link to its task.

type Params = WidgetParams<'hrActions'>;

function requestOf(params: Params): ActionsRequest {
  return {
    custom_period_start: params.custom_period_start,
    custom_period_end: params.custom_period_end,
    team_ids: params.team_ids,
    employee_ids: params.employee_ids,
    template_ids: params.template_ids,
    per_template: params.limit,
  };
}

const PAGE_STEP = 20;

/** Every action of one template in the period, a page more at a time. */
function AllActions({
  group,
  params,
  onAnnounce,
}: {
  group: TemplateActionsGroup;
  params: Params;
  onAnnounce: (message: string) => void;
}) {
  const t = useT();
  const [perPage, setPerPage] = useState(PAGE_STEP);
  const query = useTemplateActions(
    group.template.id,
    {
      custom_period_start: params.custom_period_start,
      custom_period_end: params.custom_period_end,
      team_ids: params.team_ids,
      employee_ids: params.employee_ids,
      per_page: perPage,
    },
    { isEnabled: true },
  );
  if (query.isError) {
    return (
      <div role="alert">
        <p>{t('hr.dashboard.widget_failed')}</p>
        <button type="button" onClick={() => query.refetch()}>
          {t('hr.common.retry')}
        </button>
      </div>
    );
  }
  if (!query.data) return <p role="status">{t('hr.common.loading')}</p>;
  const { actions } = query.data.data;
  return (
    <>
      <ul className="dashboard-widget__list">
        {actions.map((action) => (
          <ActionRow key={action.key} action={action} onAnnounce={onAnnounce} />
        ))}
      </ul>
      {query.data.meta.total > actions.length && perPage < 100 ? (
        <button type="button" className="hr-actions__more" onClick={() => setPerPage(perPage + PAGE_STEP)}>
          {t('hr.action_templates.widget.show_more')}
        </button>
      ) : null}
    </>
  );
}

function Group({
  group,
  params,
  onAnnounce,
}: {
  group: TemplateActionsGroup;
  params: Params;
  onAnnounce: (message: string) => void;
}) {
  const t = useT();
  const headingId = useId();
  const [isExpanded, setIsExpanded] = useState(false);
  const listId = `${headingId}-list`;
  return (
    <li className="hr-actions__group" aria-labelledby={headingId}>
      <h3 className="hr-actions__group-title" id={headingId}>
        {group.template.name}{' '}
        <span className="hr-actions__count">
          {group.total}
          {group.tasks_created > 0
            ? ` · ${t('hr.action_templates.widget.tasks_created', { count: group.tasks_created })}`
            : null}
        </span>
      </h3>
      <div id={listId}>
        {isExpanded ? (
          <AllActions group={group} params={params} onAnnounce={onAnnounce} />
        ) : (
          <ul className="dashboard-widget__list">
            {group.actions.map((action) => (
              <ActionRow key={action.key} action={action} onAnnounce={onAnnounce} />
            ))}
          </ul>
        )}
      </div>
      {group.total > group.actions.length ? (
        <button
          type="button"
          className="hr-actions__more"
          aria-expanded={isExpanded}
          aria-controls={listId}
          onClick={() => setIsExpanded(!isExpanded)}
        >
          {isExpanded
            ? t('hr.action_templates.widget.show_less')
            : t('hr.action_templates.widget.show_all', { count: group.total })}
        </button>
      ) : null}
    </li>
  );
}

function HrActionsSettings({ params }: { params: Params }) {
  const t = useT();
  return (
    <WidgetSettings widget="hrActions" params={params}>
      {(draft, change, id) => (
        <>
          <LimitField id={id} value={draft.limit} onChange={(limit) => change({ limit })} />
          <fieldset className="hr-actions__templates" aria-describedby={`${id}-period-hint`}>
            <legend>{t('hr.action_templates.widget.period_label')}</legend>
            <PeriodFields id={id} value={draft} onChange={change} />
            <p className="hint" id={`${id}-period-hint`}>
              {t('hr.action_templates.widget.period_hint')}
            </p>
          </fieldset>
          <TeamsField id={id} value={draft.team_ids} onChange={(team_ids) => change({ team_ids })} />
          <PersonField
            id={id}
            label={t('hr.action_templates.widget.person')}
            allLabel={t('hr.action_templates.widget.everyone')}
            value={draft.employee_ids[0] ?? null}
            onChange={(employeeId) => change({ employee_ids: employeeId === null ? [] : [employeeId] })}
          />
          <TemplatesField
            value={draft.template_ids}
            onChange={(templateIds) => change({ template_ids: templateIds })}
          />
        </>
      )}
    </WidgetSettings>
  );
}

export function HrActionsWidget({ params }: { params: Params }) {
  const t = useT();
  const permissions = usePermissions();
  const query = useActionGroups(requestOf(params));
  const formatDay = useFormatDay();
  const [announcement, setAnnouncement] = useState('');
  const [isAllOpen, setIsAllOpen] = useState(false);
  const openAllRef = useRef<HTMLButtonElement>(null);
  const period = query.data?.meta.period;
  return (
    <>
      <HrActionsSettings params={params} />
      {period ? (
        <p className="hr-actions__period">
          {t('hr.action_templates.widget.period', {
            start: formatDay(period.start),
            end: formatDay(period.end),
          })}
        </p>
      ) : null}
      <p className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>
      <WidgetState
        query={query}
        isEmpty={(data) => data.meta.total === 0}
        empty={t(
          query.data?.data.length === 0
            ? 'hr.action_templates.widget.no_templates'
            : 'hr.action_templates.widget.empty',
        )}
      >
        {(data) => (
          <ul className="hr-actions__groups">
            {data.data
              .filter((group) => group.total > 0)
              .map((group) => (
                <Group key={group.template.id} group={group} params={params} onAnnounce={setAnnouncement} />
              ))}
          </ul>
        )}
      </WidgetState>
      <p className="dashboard-widget__footer hr-actions__footer">
        <button type="button" ref={openAllRef} onClick={() => setIsAllOpen(true)}>
          {t('hr.action_templates.all.open')}
        </button>
        {permissions.can('Template', 'view') ? (
          <Link href="/settings/action-templates">{t('hr.action_templates.widget.manage')}</Link>
        ) : null}
      </p>
      <AllActionsDialog
        open={isAllOpen}
        onClose={() => setIsAllOpen(false)}
        params={params}
        finalFocus={openAllRef}
      />
    </>
  );
}
