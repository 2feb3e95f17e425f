import { PIPELINE_TEMPLATE_NAME_MAX, type PipelineTemplate } from '@kadry/shared/schemas/recruiting-bulk';
import { getRequestErrorMessage } from '@kadry/ui/request-error-message';
import { type FormEvent, useId, useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useLastNonNull } from '../../../components/ui/dialog-frame';
import { Field, FormError } from '../../../components/ui/field';
import { PageHeading } from '../../../components/ui/page-heading';
import { QueryState } from '../../../components/ui/query-state';
import { useT } from '../../../lib/i18n';
import { snackbar } from '../../../lib/snackbar/snackbar';
import {
  useDeletePipelineTemplate,
  usePipelineTemplates,
  useSavePipelineTemplate,
} from '../api/pipeline-templates';
import {
  findStagesProblem,
  PipelineStagesField,
  type StageDraft,
  toStageDrafts,
} from './pipeline-stages-field';
import { RecruitingUnsavedGuard } from './recruiting-unsaved-guard';
import './pipeline-templates.css';

/** What the editor holds: a template being changed, or a new one (null). */
type Editing = { template: PipelineTemplate | null };

function TemplateEditor({ template, onClose }: { template: PipelineTemplate | null; onClose: () => void }) {
  const t = useT();
  const id = useId();
  const save = useSavePipelineTemplate();
  const initialStages = template?.stages ?? ['New', 'Screening', 'Interview', 'Offer', 'Hired'];
  const [name, setName] = useState(template?.name ?? '');
  const [stages, setStages] = useState<StageDraft[]>(() => toStageDrafts(initialStages));
  const [isSubmitted, setIsSubmitted] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const isDirty =
    name !== (template?.name ?? '') ||
    stages.map((stage) => stage.name).join('\n') !== initialStages.join('\n');
  const nameError = name.trim() === '' ? t('hr.pipeline_templates.error.name_required') : null;
  const stagesProblem = findStagesProblem(stages);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setIsSubmitted(true);
    if (nameError || stagesProblem || save.isPending) return;
    setError(null);
    save.mutate(
      {
        id: template?.id ?? null,
        input: { name: name.trim(), stages: stages.map((stage) => stage.name.trim()) },
      },
      {
        onSuccess: () => {
          snackbar.success(t('hr.pipeline_templates.saved'));
          onClose();
        },
        onError: (failure) => setError(getRequestErrorMessage(failure)),
      },
    );
  };

  return (
    <form className="panel" onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>
        {template
          ? t('hr.pipeline_templates.edit_title', { name: template.name })
          : t('hr.pipeline_templates.new')}
      </h2>
      <RecruitingUnsavedGuard isDirty={isDirty && !save.isSuccess} />
      <Field label={t('hr.pipeline_templates.name')} isRequired error={isSubmitted ? nameError : null}>
        {(control) => (
          <input
            {...control}
            aria-required="true"
            maxLength={PIPELINE_TEMPLATE_NAME_MAX}
            value={name}
            onChange={(event) => setName(event.target.value)}
          />
        )}
      </Field>
      <PipelineStagesField
        legend={t('hr.pipeline_templates.stages')}
        stages={stages}
        onChange={setStages}
        error={isSubmitted && stagesProblem ? t(stagesProblem) : null}
      />
      <FormError message={error} />
      <div className="pipeline-templates__actions">
        <button type="submit" className="primary" aria-disabled={save.isPending}>
          {t('hr.common.save')}
        </button>
        <button type="button" onClick={onClose}>
          {t('hr.pipeline_templates.cancel')}
        </button>
      </div>
    </form>
  );
}

/**
 * The company's pipeline templates (issue 17): each a list of stage names, chosen when a vacancy is
 * created. Everyone who makes vacancies reads them; owners and HR (Vacancy.Stage at to_all) change them.
 */
export function PipelineTemplatesPage() {
  const t = useT();
  const templates = usePipelineTemplates();
  const remove = useDeletePipelineTemplate();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [deleting, setDeleting] = useState<PipelineTemplate | null>(null);
  const shownDeleting = useLastNonNull(deleting);
  const canManage = templates.data?.meta.can_manage ?? false;
  const list = templates.data?.data ?? [];

  return (
    <section>
      <PageHeading
        actions={
          canManage && editing === null ? (
            <button type="button" className="primary" onClick={() => setEditing({ template: null })}>
              {t('hr.pipeline_templates.add')}
            </button>
          ) : null
        }
      >
        {t('hr.pipeline_templates.title')}
      </PageHeading>
      <p className="hint">{t('hr.pipeline_templates.intro')}</p>
      {editing ? (
        <TemplateEditor
          key={editing.template?.id ?? 'new'}
          template={editing.template}
          onClose={() => setEditing(null)}
        />
      ) : null}
      <QueryState
        isPending={templates.isPending}
        isError={templates.isError}
        onRetry={() => templates.refetch()}
      >
        {list.length === 0 ? (
          <p>{t('hr.pipeline_templates.empty')}</p>
        ) : (
          <ul className="pipeline-templates__list" aria-label={t('hr.pipeline_templates.title')}>
            {list.map((template) => (
              <li key={template.id} className="pipeline-templates__item">
                <h2>{template.name}</h2>
                <ol className="pipeline-templates__stages" aria-label={t('hr.pipeline_templates.stages')}>
                  {template.stages.map((stage) => (
                    // Stage names are unique within a template (the server refuses repeats).
                    <li key={stage} className="chip">
                      {stage}
                    </li>
                  ))}
                </ol>
                {canManage ? (
                  <div className="pipeline-templates__actions">
                    <button type="button" onClick={() => setEditing({ template })}>
                      {t('hr.pipeline_templates.edit', { name: template.name })}
                    </button>
                    <button type="button" className="danger" onClick={() => setDeleting(template)}>
                      {t('hr.pipeline_templates.delete', { name: template.name })}
                    </button>
                  </div>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </QueryState>
      <ConfirmDialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        title={t('hr.pipeline_templates.delete_title', { name: shownDeleting?.name ?? '' })}
        confirmLabel={t('hr.pipeline_templates.delete_confirm')}
        cancelLabel={t('hr.pipeline_templates.cancel')}
        onConfirm={async () => {
          if (!deleting) return;
          await remove.mutateAsync(deleting.id);
          snackbar.success(t('hr.pipeline_templates.deleted'));
        }}
      >
        <p>{t('hr.pipeline_templates.delete_text')}</p>
      </ConfirmDialog>
    </section>
  );
}
