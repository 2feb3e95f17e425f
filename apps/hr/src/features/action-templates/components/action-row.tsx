import type { TemplateAction } from '@kadry/shared/schemas/action-templates';
import { Link } from 'wouter';
import { useT } from '../../../lib/i18n';
import { usePermissions } from '../../../lib/permissions/use-permissions';
import { snackbar } from '../../../lib/snackbar/snackbar';
import { useFormatDay, useSayWhen } from '../../dashboard/components/widget-parts';
import { useMakeActionTask } from '../api/action-templates-api';

// One HR action (a template's occurrence for a person on a day) with "make a task" or, once made, a
// link to its task: the widget's rows and those of the all-actions dialog.

function PersonName({ id, name }: { id: number; name: string }) {
  const permissions = usePermissions();
  if (!permissions.can('Employee', 'view')) return name;
  return <Link href={`/employees/${id}`}>{name}</Link>;
}

export function ActionRow({
  action,
  onAnnounce,
  showsTemplate = false,
}: {
  action: TemplateAction;
  onAnnounce: (message: string) => void;
  /** Names the template too (a list across templates). */
  showsTemplate?: boolean;
}) {
  const t = useT();
  const formatDay = useFormatDay({ day: 'numeric', month: 'long' });
  const sayWhen = useSayWhen();
  const make = useMakeActionTask();
  const names = { template: action.template.name, name: action.employee.name };
  const onMake = () =>
    make.mutate(
      { template_id: action.template.id, employee_id: action.employee.id, date: action.date },
      {
        onSuccess: () => {
          const message = t('hr.action_templates.widget.task_made', names);
          onAnnounce(message);
          snackbar.success(message);
        },
      },
    );
  return (
    <li className="hr-actions__row" data-action={action.key}>
      <span className="hr-actions__who">
        <span className="dashboard-widget__primary">
          <PersonName id={action.employee.id} name={action.employee.name} />
        </span>
        {showsTemplate ? <span className="dashboard-widget__secondary">{action.template.name}</span> : null}
        <span className="dashboard-widget__secondary">
          <time dateTime={action.date}>{formatDay(action.date)}</time>
          {action.days_until >= 0 ? ` · ${sayWhen(action.days_until)}` : null} ·{' '}
          {action.assignee.person
            ? t('hr.action_templates.widget.does_it', { name: action.assignee.person.name })
            : t('hr.action_templates.widget.does_it_unset')}
        </span>
      </span>
      {action.task ? (
        <Link
          href={`/tasks/${action.task.id}`}
          aria-label={`${t('hr.action_templates.widget.open_task')}: ${names.template}, ${names.name}`}
        >
          {t('hr.action_templates.widget.task_created')}
        </Link>
      ) : (
        <button
          type="button"
          aria-label={t('hr.action_templates.widget.make_task_of', names)}
          aria-disabled={make.isPending ? true : undefined}
          onClick={() => {
            if (!make.isPending) onMake();
          }}
        >
          {t('hr.action_templates.widget.make_task')}
        </button>
      )}
    </li>
  );
}
