import { DEFAULT_STAGE_NAMES } from '@kadry/shared/schemas/recruiting';
import { useId } from 'react';
import { useT } from '../../../lib/i18n';
import { usePipelineTemplates } from '../api/pipeline-templates';
import {
  findStagesProblem,
  PipelineStagesField,
  type StageDraft,
  toStageDrafts,
} from './pipeline-stages-field';

/** A new vacancy's pipeline while it is being created: the template it started from and the stages. */
export type NewPipeline = { templateId: number | null; stages: StageDraft[] };

export function createNewPipeline(): NewPipeline {
  return { templateId: null, stages: toStageDrafts(DEFAULT_STAGE_NAMES) };
}

/** The stage names to send, or the message key of what is wrong with them. */
export function readNewPipeline(pipeline: NewPipeline): { stages: string[] } | { problem: string } {
  const problem = findStagesProblem(pipeline.stages);
  return problem ? { problem } : { stages: pipeline.stages.map((stage) => stage.name.trim()) };
}

/**
 * The pipeline of a vacancy being created (issue 17): start from the default stages or a company
 * template, then rename, reorder, add or remove stages before saving; all sent with the vacancy.
 */
export function NewVacancyPipeline({
  pipeline,
  onChange,
  error,
}: {
  pipeline: NewPipeline;
  onChange: (pipeline: NewPipeline) => void;
  error: string | null;
}) {
  const t = useT();
  const id = useId();
  const templates = usePipelineTemplates();
  return (
    <section className="panel" aria-labelledby={`${id}-title`} id="pipeline">
      <h2 id={`${id}-title`}>{t('hr.pipeline_templates.new_vacancy_title')}</h2>
      <div className="field">
        <label htmlFor={`${id}-template`}>{t('hr.pipeline_templates.choose')}</label>
        <select
          id={`${id}-template`}
          value={pipeline.templateId ?? ''}
          aria-busy={templates.isPending}
          aria-describedby={`${id}-hint`}
          onChange={(event) => {
            const templateId = event.target.value === '' ? null : Number(event.target.value);
            const template = templates.data?.data.find((item) => item.id === templateId);
            onChange({ templateId, stages: toStageDrafts(template ? template.stages : DEFAULT_STAGE_NAMES) });
          }}
        >
          <option value="">{t('hr.pipeline_templates.default_option')}</option>
          {(templates.data?.data ?? []).map((template) => (
            <option key={template.id} value={template.id}>
              {template.name}
            </option>
          ))}
        </select>
        <p className="hint" id={`${id}-hint`}>
          {templates.isError
            ? t('hr.pipeline_templates.load_failed')
            : t('hr.pipeline_templates.choose_hint')}
        </p>
      </div>
      <PipelineStagesField
        legend={t('hr.pipeline_templates.stages')}
        stages={pipeline.stages}
        onChange={(stages) => onChange({ ...pipeline, stages })}
        error={error}
      />
    </section>
  );
}
