import {
  ACTION_ASSIGNEES,
  ACTION_TEMPLATE_CATEGORIES,
  ACTION_TRIGGERS,
  type ActionAssignee,
  type ActionTemplate,
  type ActionTemplateCategory,
  type ActionTrigger,
  CATEGORY_KEYS,
  type CreateActionTemplateBody,
  OFFSET_DAYS_MAX,
  TEMPLATE_DESCRIPTION_MAX_LENGTH,
  TEMPLATE_NAME_MAX_LENGTH,
} from '@kadry/shared/schemas/action-templates';
import { errorBodySchema } from '@kadry/shared/schemas/error';
import { TASK_TYPE_KEYS, type TaskTypeKey } from '@kadry/shared/schemas/tasks';
import { getRequestErrorMessage } from '@kadry/ui/request-error-message';
import { type FormEvent, useId, useState } from 'react';
import { DialogActions } from '../../../components/ui/dialog-frame';
import { Field, FormError } from '../../../components/ui/field';
import { ApiError } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n';
import { useTemplatePeople } from '../api/action-templates-api';

// The template's form (new or edit): names in any of the three languages, description, category,
// task type, who does it, and when — N days before, on or after the date it counts from.

const LOCALES = ['en', 'ru', 'uk'] as const;
type Direction = 'before' | 'on' | 'after';

type Draft = {
  names: Record<(typeof LOCALES)[number], string>;
  description: string;
  category: ActionTemplateCategory;
  taskType: TaskTypeKey;
  assignee: ActionAssignee;
  assigneeEmployeeId: string;
  trigger: ActionTrigger;
  days: string;
  direction: Direction;
  isActive: boolean;
};

function draftOf(template: ActionTemplate | null): Draft {
  const offset = template?.offset_days ?? 0;
  return {
    names: {
      en: template?.names?.en ?? '',
      ru: template?.names?.ru ?? '',
      uk: template?.names?.uk ?? '',
    },
    description: template?.has_own_description ? template.description : '',
    category: (template?.category ?? 1) as ActionTemplateCategory,
    taskType: template?.task_type ?? 'custom',
    assignee: template?.assignee ?? 'manager',
    assigneeEmployeeId: template?.assignee_user ? String(template.assignee_user.id) : '',
    trigger: template?.trigger ?? 'start_of_work',
    days: String(Math.abs(offset)),
    direction: offset < 0 ? 'before' : offset > 0 ? 'after' : 'on',
    isActive: template?.is_active ?? true,
  };
}

function bodyOf(draft: Draft, isStandard: boolean): CreateActionTemplateBody {
  const names = Object.fromEntries(
    LOCALES.flatMap((locale) => {
      const value = draft.names[locale].trim();
      return value ? [[locale, value]] : [];
    }),
  );
  const days = Number.parseInt(draft.days, 10) || 0;
  const offset = draft.direction === 'on' ? 0 : draft.direction === 'before' ? -days : days;
  return {
    // A standard template with no name of its own keeps the built-in one.
    names: Object.keys(names).length === 0 && isStandard ? null : names,
    description: draft.description.trim() || null,
    category: draft.category,
    task_type: draft.taskType,
    assignee: draft.assignee,
    assignee_employee_id:
      draft.assignee === 'user' && draft.assigneeEmployeeId ? Number(draft.assigneeEmployeeId) : null,
    trigger: draft.trigger,
    offset_days: offset,
    is_active: draft.isActive,
  };
}

/** The server's 422 messages by field (the first of each). */
function fieldErrorsOf(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError) || error.status !== 422) return {};
  const errors = errorBodySchema.safeParse(error.body).data?.errors ?? {};
  return Object.fromEntries(
    Object.entries(errors).flatMap(([key, list]) => (list[0] ? [[key, list[0]]] : [])),
  );
}

export function TemplateForm({
  template,
  onSubmit,
  onCancel,
  isSaving,
}: {
  template: ActionTemplate | null;
  onSubmit: (body: CreateActionTemplateBody) => Promise<void>;
  onCancel: () => void;
  isSaving: boolean;
}) {
  const t = useT();
  const ids = useId();
  const [draft, setDraft] = useState<Draft>(() => draftOf(template));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const people = useTemplatePeople({ isEnabled: draft.assignee === 'user' });
  const isStandard = template?.is_standard ?? false;
  const change = (patch: Partial<Draft>) => setDraft((current) => ({ ...current, ...patch }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const local: Record<string, string> = {};
    const hasName = LOCALES.some((locale) => draft.names[locale].trim() !== '');
    if (!hasName && !isStandard) local.names = t('action_templates.name_required');
    if (draft.assignee === 'user' && !draft.assigneeEmployeeId) {
      local.assignee_employee_id = t('action_templates.assignee_user_required');
    }
    setErrors(local);
    setFormError(null);
    if (Object.keys(local).length > 0) return;
    try {
      await onSubmit(bodyOf(draft, isStandard));
    } catch (error) {
      const fromServer = fieldErrorsOf(error);
      setErrors(fromServer);
      if (Object.keys(fromServer).length === 0) setFormError(getRequestErrorMessage(error));
    }
  };

  return (
    <form className="action-template-form" onSubmit={submit} noValidate>
      <fieldset
        className="action-template-form__names"
        aria-describedby={`${ids}-names-hint ${ids}-names-error`}
      >
        <legend>{t('hr.action_templates.field.names')}</legend>
        <p className="hint" id={`${ids}-names-hint`}>
          {t(
            isStandard
              ? 'hr.action_templates.field.names_standard_hint'
              : 'hr.action_templates.field.names_hint',
          )}
        </p>
        {LOCALES.map((locale) => (
          <Field key={locale} label={t(`hr.action_templates.field.name_${locale}`)}>
            {(control) => (
              <input
                {...control}
                lang={locale}
                value={draft.names[locale]}
                maxLength={TEMPLATE_NAME_MAX_LENGTH}
                placeholder={isStandard && locale === 'en' ? (template?.name ?? '') : undefined}
                aria-invalid={errors.names ? true : undefined}
                onChange={(event) => change({ names: { ...draft.names, [locale]: event.target.value } })}
              />
            )}
          </Field>
        ))}
        {errors.names ? (
          <p className="field-error" id={`${ids}-names-error`}>
            {errors.names}
          </p>
        ) : null}
      </fieldset>

      <Field
        label={t('hr.action_templates.field.description')}
        hint={t('hr.action_templates.field.description_hint')}
        error={errors.description}
      >
        {(control) => (
          <textarea
            {...control}
            rows={3}
            maxLength={TEMPLATE_DESCRIPTION_MAX_LENGTH}
            value={draft.description}
            placeholder={isStandard && !template?.has_own_description ? template?.description : undefined}
            onChange={(event) => change({ description: event.target.value })}
          />
        )}
      </Field>

      <div className="action-template-form__row">
        <Field label={t('hr.action_templates.field.category')}>
          {(control) => (
            <select
              {...control}
              value={draft.category}
              disabled={isStandard}
              onChange={(event) => change({ category: Number(event.target.value) as ActionTemplateCategory })}
            >
              {ACTION_TEMPLATE_CATEGORIES.map((category) => (
                <option key={category} value={category}>
                  {t(`hr.action_templates.category.${CATEGORY_KEYS[category]}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label={t('hr.action_templates.field.task_type')} error={errors.task_type}>
          {(control) => (
            <select
              {...control}
              value={draft.taskType}
              onChange={(event) => change({ taskType: event.target.value as TaskTypeKey })}
            >
              {TASK_TYPE_KEYS.map((type) => (
                <option key={type} value={type}>
                  {t(`hr.action_templates.task_type.${type}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>

      <div className="action-template-form__row">
        <Field label={t('hr.action_templates.field.assignee')}>
          {(control) => (
            <select
              {...control}
              value={draft.assignee}
              onChange={(event) => change({ assignee: event.target.value as ActionAssignee })}
            >
              {ACTION_ASSIGNEES.map((assignee) => (
                <option key={assignee} value={assignee}>
                  {t(`hr.action_templates.assignee.${assignee}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
        {draft.assignee === 'user' ? (
          <Field
            label={t('hr.action_templates.field.assignee_user')}
            isRequired
            error={errors.assignee_employee_id}
          >
            {(control) => (
              <select
                {...control}
                aria-required="true"
                aria-busy={people.isPending ? true : undefined}
                value={draft.assigneeEmployeeId}
                onChange={(event) => change({ assigneeEmployeeId: event.target.value })}
              >
                <option value="">{t('hr.action_templates.field.choose_user')}</option>
                {template?.assignee_user &&
                !(people.data ?? []).some((person) => person.id === template.assignee_user?.id) ? (
                  <option value={template.assignee_user.id}>{template.assignee_user.name}</option>
                ) : null}
                {(people.data ?? []).map((person) => (
                  <option key={person.id} value={person.id}>
                    {person.name}
                  </option>
                ))}
              </select>
            )}
          </Field>
        ) : null}
      </div>

      <div className="action-template-form__row">
        <Field label={t('hr.action_templates.field.trigger')}>
          {(control) => (
            <select
              {...control}
              value={draft.trigger}
              onChange={(event) => change({ trigger: event.target.value as ActionTrigger })}
            >
              {ACTION_TRIGGERS.map((trigger) => (
                <option key={trigger} value={trigger}>
                  {t(`hr.action_templates.trigger.${trigger}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label={t('hr.action_templates.field.direction')}>
          {(control) => (
            <select
              {...control}
              value={draft.direction}
              onChange={(event) => change({ direction: event.target.value as Direction })}
            >
              {(['before', 'on', 'after'] as const).map((direction) => (
                <option key={direction} value={direction}>
                  {t(`hr.action_templates.direction.${direction}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
        {draft.direction === 'on' ? null : (
          <Field label={t('hr.action_templates.field.days')} error={errors.offset_days}>
            {(control) => (
              <input
                {...control}
                type="number"
                inputMode="numeric"
                min={1}
                max={OFFSET_DAYS_MAX}
                value={draft.days}
                onChange={(event) => change({ days: event.target.value })}
              />
            )}
          </Field>
        )}
      </div>

      <label className="action-template-form__check">
        <input
          type="checkbox"
          checked={draft.isActive}
          onChange={(event) => change({ isActive: event.target.checked })}
        />{' '}
        {t('hr.action_templates.field.is_active')}
      </label>

      <FormError message={formError} />
      <DialogActions>
        <button type="submit" className="primary" disabled={isSaving}>
          {t('hr.action_templates.save')}
        </button>
        <button type="button" onClick={onCancel}>
          {t('hr.action_templates.cancel')}
        </button>
      </DialogActions>
    </form>
  );
}
