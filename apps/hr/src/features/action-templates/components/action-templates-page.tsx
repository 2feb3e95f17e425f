import { type ActionTemplate, CATEGORY_KEYS } from '@kadry/shared/schemas/action-templates';
import { useId, useRef, useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { DialogFrame } from '../../../components/ui/dialog-frame';
import { PageHeading } from '../../../components/ui/page-heading';
import { QueryState } from '../../../components/ui/query-state';
import { useT } from '../../../lib/i18n';
import { usePermissions } from '../../../lib/permissions/use-permissions';
import { snackbar } from '../../../lib/snackbar/snackbar';
import { useActionTemplates, useChangeTemplate } from '../api/action-templates-api';
import { TemplateForm } from './template-form';
import { useSayTemplateWhen } from './template-text';
import './action-templates.css';

/** Who does it, as the list says it. */
function useSayWho(): (template: ActionTemplate) => string {
  const t = useT();
  return (template) => {
    if (template.assignee !== 'user') return t(`hr.action_templates.assignee.${template.assignee}`);
    return template.assignee_user?.name ?? t('hr.action_templates.assignee.user_unset');
  };
}

/**
 * HR action templates (issue 15), `/settings/action-templates`: the company's onboarding and
 * offboarding checklist — list, create, edit, switch off; standard ones are edited and switched
 * off but never deleted. Reading needs the Template view; changing, the Template action at to_all.
 */
export function ActionTemplatesPage() {
  const t = useT();
  const ids = useId();
  const permissions = usePermissions();
  const templates = useActionTemplates();
  const change = useChangeTemplate();
  const sayWhen = useSayTemplateWhen();
  const sayWho = useSayWho();
  const [editing, setEditing] = useState<ActionTemplate | 'new' | null>(null);
  const [deleting, setDeleting] = useState<ActionTemplate | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const headingRef = useRef<HTMLButtonElement>(null);
  const canCreate = permissions.findLevel('Template', 'create') === 'to_all';
  const canUpdate = permissions.findLevel('Template', 'update') === 'to_all';
  const canDelete = permissions.findLevel('Template', 'delete') === 'to_all';
  const rows = templates.data ?? [];
  const editedTemplate = editing === 'new' ? null : editing;

  const toggle = async (template: ActionTemplate) => {
    const body = {
      names: template.names && Object.keys(template.names).length > 0 ? template.names : null,
      description: template.has_own_description ? template.description : null,
      category: template.category as 1 | 2 | 3,
      task_type: template.task_type,
      assignee: template.assignee,
      assignee_employee_id: template.assignee_user?.id ?? null,
      trigger: template.trigger,
      offset_days: template.offset_days,
      is_active: !template.is_active,
    };
    // A chosen-person template whose person is gone cannot be saved as it is: edit it instead.
    if (body.assignee === 'user' && body.assignee_employee_id === null) {
      setEditing(template);
      return;
    }
    try {
      await change.mutateAsync({ kind: 'update', id: template.id, body });
      setAnnouncement(
        t(template.is_active ? 'hr.action_templates.switched_off' : 'hr.action_templates.switched_on', {
          name: template.name,
        }),
      );
    } catch {
      // The API client has shown the server's message.
    }
  };

  return (
    <section className="action-templates">
      <PageHeading
        actions={
          canCreate ? (
            <button type="button" className="primary" ref={headingRef} onClick={() => setEditing('new')}>
              {t('hr.action_templates.new')}
            </button>
          ) : undefined
        }
      >
        {t('hr.action_templates.title')}
      </PageHeading>
      <p className="hint">{t('hr.action_templates.intro')}</p>
      <p className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>
      <QueryState
        isPending={templates.isPending}
        isError={templates.isError}
        error={templates.error}
        onRetry={() => templates.refetch()}
      >
        {rows.length === 0 ? (
          <p role="status">{t('hr.action_templates.empty')}</p>
        ) : (
          <ul className="action-templates__list" aria-label={t('hr.action_templates.list_label')}>
            {rows.map((template) => (
              <li
                key={template.id}
                className="action-templates__card"
                data-template={template.id}
                aria-labelledby={`${ids}-${template.id}`}
              >
                <div className="action-templates__head">
                  <h2 className="action-templates__name" id={`${ids}-${template.id}`}>
                    {template.name}
                  </h2>
                  <span className="badge">
                    {t(template.is_standard ? 'hr.action_templates.standard' : 'hr.action_templates.custom')}
                  </span>
                  <span className={`badge ${template.is_active ? '' : 'action-templates__off'}`}>
                    {t(template.is_active ? 'hr.action_templates.active' : 'hr.action_templates.inactive')}
                  </span>
                </div>
                <dl className="action-templates__facts">
                  <dt>{t('hr.action_templates.col.when')}</dt>
                  <dd>{sayWhen(template)}</dd>
                  <dt>{t('hr.action_templates.col.who')}</dt>
                  <dd>{sayWho(template)}</dd>
                  <dt>{t('hr.action_templates.col.type')}</dt>
                  <dd>{t(`hr.action_templates.task_type.${template.task_type}`)}</dd>
                  <dt>{t('hr.action_templates.field.category')}</dt>
                  <dd>
                    {t(
                      `hr.action_templates.category.${CATEGORY_KEYS[template.category as keyof typeof CATEGORY_KEYS] ?? 'other'}`,
                    )}
                  </dd>
                </dl>
                {template.description ? (
                  <p className="action-templates__description">{template.description}</p>
                ) : null}
                {canUpdate || canDelete ? (
                  <div className="action-templates__actions">
                    {canUpdate ? (
                      <>
                        <button
                          type="button"
                          aria-label={t('hr.action_templates.edit_of', { name: template.name })}
                          onClick={() => setEditing(template)}
                        >
                          {t('hr.action_templates.edit')}
                        </button>
                        <button
                          type="button"
                          aria-label={t(
                            template.is_active
                              ? 'hr.action_templates.switch_off_of'
                              : 'hr.action_templates.switch_on_of',
                            { name: template.name },
                          )}
                          disabled={change.isPending}
                          onClick={() => toggle(template)}
                        >
                          {t(
                            template.is_active
                              ? 'hr.action_templates.switch_off'
                              : 'hr.action_templates.switch_on',
                          )}
                        </button>
                      </>
                    ) : null}
                    {canDelete && !template.is_standard ? (
                      <button
                        type="button"
                        aria-label={t('hr.action_templates.delete_of', { name: template.name })}
                        onClick={() => setDeleting(template)}
                      >
                        {t('hr.action_templates.delete')}
                      </button>
                    ) : null}
                  </div>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </QueryState>

      <DialogFrame
        open={editing !== null}
        onClose={() => setEditing(null)}
        title={t(editing === 'new' ? 'hr.action_templates.form_new' : 'hr.action_templates.form_edit')}
        size="wide"
        hasCloseButton
        closesOnOutsideClick={false}
        finalFocus={editing === 'new' ? headingRef : undefined}
      >
        {editing !== null ? (
          <TemplateForm
            template={editedTemplate}
            isSaving={change.isPending}
            onCancel={() => setEditing(null)}
            onSubmit={async (body) => {
              await change.mutateAsync(
                editedTemplate ? { kind: 'update', id: editedTemplate.id, body } : { kind: 'create', body },
              );
              setEditing(null);
              snackbar.success(t('hr.action_templates.saved'));
            }}
          />
        ) : null}
      </DialogFrame>

      <ConfirmDialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        role="alertdialog"
        title={t('hr.action_templates.delete_of', { name: deleting?.name ?? '' })}
        confirmLabel={t('hr.action_templates.delete')}
        cancelLabel={t('hr.action_templates.cancel')}
        finalFocus={headingRef}
        onConfirm={async () => {
          if (!deleting) return;
          await change.mutateAsync({ kind: 'delete', id: deleting.id });
          snackbar.success(t('hr.action_templates.deleted'));
        }}
      >
        <p>{t('hr.action_templates.delete_confirm', { name: deleting?.name ?? '' })}</p>
      </ConfirmDialog>
    </section>
  );
}
