import { SALARY_PERIODS } from '@kadry/shared/schemas/interviews';
import { VACANCY_STATUSES } from '@kadry/shared/schemas/recruiting';
import { useEffect, useId, useState } from 'react';
import { Controller, useFieldArray, useForm } from 'react-hook-form';
import { Link, useLocation } from 'wouter';
import { PageHeading } from '../../../components/ui/page-heading';
import { QueryState } from '../../../components/ui/query-state';
import { getStatusKey, StatusChip } from '../../../components/ui/status-chip';
import { ApiError } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n';
import { usePermissions } from '../../../lib/permissions/use-permissions';
import { snackbar } from '../../../lib/snackbar/snackbar';
import { useTeams } from '../../directory/api/get-teams';
import { useUsers } from '../../directory/api/get-users';
import { useForms } from '../../forms/api/get-forms';
import { useChangeVacancyPublication } from '../api/change-vacancy-publication';
import { useCopyVacancy } from '../api/copy-vacancy';
import { useVacancy } from '../api/get-vacancy';
import { useSaveVacancy } from '../api/save-vacancy';
import { DeleteVacancyButton } from './delete-vacancy-dialog';
import { createNewPipeline, NewVacancyPipeline, readNewPipeline } from './new-vacancy-pipeline';
import { isPositionsValue, PositionsInput } from './positions-input';
import { RecruitingUnsavedGuard } from './recruiting-unsaved-guard';
import { RichTextEditor } from './rich-text-editor';
import { listCurrencies, ScorecardAttributesField } from './scorecard-attributes-field';
import { StagesEditor } from './stages-editor';
import {
  BODY_SECTIONS,
  createVacancyFormValues,
  fieldOfIssue,
  parseVacancyFormValues,
  type VacancyFormValues,
} from './vacancy-form-values';

const TEXT_FIELDS = ['salary', 'residence', 'experience', 'work_types'] as const;

/** Creates (id null) or edits a vacancy: every field of the contract, publication and copy. */
export function VacancyEditorPage({ id }: { id: number | null }) {
  const t = useT();
  const ids = useId();
  const [, navigate] = useLocation();
  const permissions = usePermissions();
  const vacancy = useVacancy(id);
  const teams = useTeams();
  const users = useUsers();
  const forms = useForms();
  const save = useSaveVacancy(id);
  const publication = useChangeVacancyPublication();
  const copy = useCopyVacancy();

  const form = useForm<VacancyFormValues>({ defaultValues: createVacancyFormValues(undefined) });
  const languages = useFieldArray({ control: form.control, name: 'languages' });
  const { errors } = form.formState;
  // A new vacancy's pipeline (a template's stages, edited here), sent with it (issue 17).
  const [pipeline, setPipeline] = useState(createNewPipeline);
  const [pipelineError, setPipelineError] = useState<string | null>(null);
  const [isPipelineDirty, setIsPipelineDirty] = useState(false);
  // An existing vacancy's stages, edited and saved apart (StagesEditor): unsaved edits count too.
  const [isStagesDirty, setIsStagesDirty] = useState(false);

  useEffect(() => {
    if (vacancy.data) form.reset(createVacancyFormValues(vacancy.data));
  }, [vacancy.data, form]);

  // Roles without field_salary get vacancies without the key; they neither see nor send it.
  const canSeeSalary =
    id === null
      ? permissions.canSeeField('Vacancy', 'field_salary')
      : vacancy.data !== undefined && 'salary' in vacancy.data;
  const textFields = TEXT_FIELDS.filter((name) => name !== 'salary' || canSeeSalary);
  const canEdit = id === null ? permissions.can('Vacancy', 'create') : permissions.can('Vacancy', 'update');

  const onSubmit = form.handleSubmit(async (values) => {
    const parsed = parseVacancyFormValues(values);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const name = fieldOfIssue(issue.path);
        form.setError(name, {
          message: t(
            name.startsWith('salary_') ? 'hr.vacancies.salary_range.invalid' : 'hr.vacancies.invalid_field',
          ),
        });
      }
      form.setFocus(fieldOfIssue(parsed.error.issues[0]?.path ?? []));
      return;
    }
    const newStages = id === null ? readNewPipeline(pipeline) : null;
    if (newStages && 'problem' in newStages) {
      setPipelineError(t(newStages.problem));
      return;
    }
    setPipelineError(null);
    try {
      const { salary, salary_range, ...rest } = parsed.data;
      const body = canSeeSalary ? { ...rest, salary, salary_range } : rest;
      const saved = await save.mutateAsync(newStages ? { ...body, stages: newStages.stages } : body);
      snackbar.success(t('hr.common.saved'));
      // Saved: nothing is left to lose (the guard lets the editor go).
      form.reset(form.getValues());
      setIsPipelineDirty(false);
      if (id === null) navigate(`/vacancies/${saved.id}`);
    } catch (error) {
      // The message is already shown; put the server's field errors next to their fields.
      if (error instanceof ApiError && error.status === 422) {
        const body = error.body as { errors?: Record<string, string[]> } | null;
        for (const [field, messages] of Object.entries(body?.errors ?? {})) {
          const name = fieldOfIssue(field.split('.'));
          if (name in values) form.setError(name, { message: messages[0] ?? '' });
        }
      }
    }
  });

  const fieldError = (name: keyof VacancyFormValues) => {
    const message = errors[name]?.message;
    return message ? (
      <p className="field-error" id={`${ids}-${name}-error`}>
        {message}
      </p>
    ) : null;
  };
  const describedBy = (name: keyof VacancyFormValues) => (errors[name] ? `${ids}-${name}-error` : undefined);

  const current = vacancy.data;
  if (vacancy.error instanceof ApiError && vacancy.error.status === 404) {
    return (
      <section>
        <QueryState isPending={false} isError error={vacancy.error} onRetry={() => vacancy.refetch()}>
          {null}
        </QueryState>
      </section>
    );
  }
  const title = id === null ? t('hr.vacancies.new') : (current?.name ?? t('hr.vacancies.edit'));

  return (
    <section>
      <PageHeading
        actions={
          current ? (
            <>
              <StatusChip statusId={current.status} />
              {permissions.can('Vacancy', 'update') ? (
                <button
                  type="button"
                  disabled={publication.isPending}
                  onClick={() =>
                    publication.mutate(
                      { id: current.id, publish: !current.is_published },
                      {
                        onSuccess: (next) =>
                          snackbar.success(
                            t(
                              next.is_published
                                ? 'hr.vacancies.published_done'
                                : 'hr.vacancies.withdrawn_done',
                            ),
                          ),
                      },
                    )
                  }
                >
                  {current.is_published ? t('hr.vacancies.withdraw') : t('hr.vacancies.publish')}
                </button>
              ) : null}
              {permissions.can('Vacancy', 'create') ? (
                <button
                  type="button"
                  disabled={copy.isPending}
                  onClick={() =>
                    copy.mutate(current.id, {
                      onSuccess: (created) => {
                        snackbar.success(t('hr.vacancies.copied'));
                        navigate(`/vacancies/${created.id}`);
                      },
                    })
                  }
                >
                  {t('hr.vacancies.copy')}
                </button>
              ) : null}
              {permissions.can('Candidate', 'view') ? (
                <Link href={`/vacancies/${current.id}/board`}>{t('hr.vacancies.board')}</Link>
              ) : null}
              {permissions.can('Vacancy', 'delete') ? (
                <DeleteVacancyButton vacancy={current} canWithdraw={permissions.can('Vacancy', 'update')} />
              ) : null}
            </>
          ) : null
        }
      >
        {title}
      </PageHeading>
      {current?.is_published && current.public_url ? (
        <p>
          {t('hr.vacancies.public_link')}{' '}
          <a href={current.public_url} target="_blank" rel="noopener noreferrer">
            {current.public_url}
          </a>
        </p>
      ) : null}

      <QueryState
        isPending={id !== null && vacancy.isPending}
        isError={vacancy.isError}
        onRetry={() => vacancy.refetch()}
      >
        <form onSubmit={onSubmit} noValidate aria-label={title}>
          <fieldset disabled={!canEdit} style={{ border: 0, padding: 0, margin: 0 }}>
            <div className="panel">
              <div className="field">
                <label htmlFor={`${ids}-name`}>
                  {t('hr.vacancies.field.name')} <span aria-hidden="true">*</span>
                </label>
                <input
                  id={`${ids}-name`}
                  type="text"
                  aria-required="true"
                  aria-invalid={errors.name ? true : undefined}
                  aria-describedby={describedBy('name')}
                  {...form.register('name', { required: t('public.fill_fields') })}
                />
                {fieldError('name')}
              </div>
              <div className="two-columns">
                <div className="field">
                  <label htmlFor={`${ids}-status`}>{t('hr.vacancies.field.status')}</label>
                  <select id={`${ids}-status`} {...form.register('status')}>
                    {VACANCY_STATUSES.map((status) => (
                      <option key={status.id} value={status.id}>
                        {t(getStatusKey(status.id))}
                      </option>
                    ))}
                  </select>
                </div>
                <div className="field">
                  <label htmlFor={`${ids}-positions`}>{t('hr.vacancies.field.positions')}</label>
                  <Controller
                    control={form.control}
                    name="positions"
                    rules={{
                      validate: (value) => isPositionsValue(value) || t('hr.vacancies.positions_invalid'),
                    }}
                    render={({ field, fieldState }) => (
                      <PositionsInput
                        id={`${ids}-positions`}
                        value={field.value}
                        onChange={field.onChange}
                        onBlur={field.onBlur}
                        inputRef={field.ref}
                        isInvalid={fieldState.invalid}
                        describedBy={[`${ids}-positions-hint`, describedBy('positions')]
                          .filter(Boolean)
                          .join(' ')}
                      />
                    )}
                  />
                  <p className="hint" id={`${ids}-positions-hint`}>
                    {t('hr.vacancies.positions_hint')}
                  </p>
                  {fieldError('positions')}
                </div>
              </div>
              <div className="field">
                <label>
                  <input type="checkbox" {...form.register('is_hot')} /> {t('hr.vacancies.field.is_hot')}
                </label>
              </div>
              <div className="two-columns">
                {textFields.map((name) => (
                  <div className="field" key={name}>
                    <label htmlFor={`${ids}-${name}`}>{t(`hr.vacancies.field.${name}`)}</label>
                    <input
                      id={`${ids}-${name}`}
                      type="text"
                      aria-describedby={describedBy(name)}
                      {...form.register(name)}
                    />
                    {fieldError(name)}
                  </div>
                ))}
              </div>
              {canSeeSalary ? (
                <fieldset className="field salary-range" aria-describedby={`${ids}-salary-range-hint`}>
                  <legend>{t('hr.vacancies.salary_range.title')}</legend>
                  <p className="hint" id={`${ids}-salary-range-hint`}>
                    {t('hr.vacancies.salary_range.hint')}
                  </p>
                  <div className="salary-range__row">
                    {(['salary_min', 'salary_max'] as const).map((name) => (
                      <div className="field" key={name}>
                        <label htmlFor={`${ids}-${name}`}>
                          {t(`hr.vacancies.salary_range.${name === 'salary_min' ? 'min' : 'max'}`)}
                        </label>
                        <input
                          id={`${ids}-${name}`}
                          type="text"
                          inputMode="decimal"
                          autoComplete="off"
                          aria-invalid={errors[name] ? true : undefined}
                          aria-describedby={describedBy(name)}
                          {...form.register(name)}
                        />
                        {fieldError(name)}
                      </div>
                    ))}
                    <div className="field">
                      <label htmlFor={`${ids}-salary_currency`}>
                        {t('hr.vacancies.salary_range.currency')}
                      </label>
                      <Controller
                        control={form.control}
                        name="salary_currency"
                        render={({ field }) => (
                          <select
                            id={`${ids}-salary_currency`}
                            aria-describedby={describedBy('salary_currency')}
                            {...field}
                          >
                            {listCurrencies(field.value).map((code) => (
                              <option key={code} value={code}>
                                {code}
                              </option>
                            ))}
                          </select>
                        )}
                      />
                      {fieldError('salary_currency')}
                    </div>
                    <div className="field">
                      <label htmlFor={`${ids}-salary_period`}>{t('hr.vacancies.salary_range.period')}</label>
                      <select id={`${ids}-salary_period`} {...form.register('salary_period')}>
                        {SALARY_PERIODS.map((period) => (
                          <option key={period} value={period}>
                            {t(`hr.vacancies.salary_period.${period}`)}
                          </option>
                        ))}
                      </select>
                    </div>
                  </div>
                </fieldset>
              ) : null}
              <fieldset className="field">
                <legend>{t('hr.vacancies.field.languages')}</legend>
                {languages.fields.map((row, index) => (
                  <div key={row.id} className="filters">
                    <div>
                      <label htmlFor={`${ids}-language-${index}`}>{t('hr.vacancies.language')}</label>
                      <input
                        id={`${ids}-language-${index}`}
                        type="text"
                        {...form.register(`languages.${index}.language`)}
                      />
                    </div>
                    <div>
                      <label htmlFor={`${ids}-level-${index}`}>{t('hr.vacancies.level')}</label>
                      <input
                        id={`${ids}-level-${index}`}
                        type="text"
                        {...form.register(`languages.${index}.level`)}
                      />
                    </div>
                    <button type="button" onClick={() => languages.remove(index)}>
                      {t('hr.vacancies.remove_language', { index: index + 1 })}
                    </button>
                  </div>
                ))}
                <button type="button" onClick={() => languages.append({ language: '', level: '' })}>
                  {t('hr.vacancies.add_language')}
                </button>
              </fieldset>
            </div>

            <div className="panel">
              {BODY_SECTIONS.map((section) => (
                <div className="field" key={section}>
                  <span className="label" id={`${ids}-${section}-label`}>
                    {t(`hr.vacancies.field.${section}`)}
                  </span>
                  <Controller
                    control={form.control}
                    name={section}
                    render={({ field }) => (
                      <RichTextEditor
                        id={`${ids}-${section}`}
                        labelId={`${ids}-${section}-label`}
                        value={field.value}
                        onChange={field.onChange}
                      />
                    )}
                  />
                  {fieldError(section)}
                </div>
              ))}
            </div>

            <div className="panel two-columns">
              <div>
                <div className="field">
                  <label htmlFor={`${ids}-team`}>{t('hr.vacancies.field.team')}</label>
                  {/* Controlled: the vacancy may arrive before the options, and a registered select
                      would keep showing "No team" once they came (the value set before had no option). */}
                  <Controller
                    control={form.control}
                    name="team_id"
                    render={({ field }) => (
                      <select id={`${ids}-team`} {...field}>
                        <option value="">{t('hr.vacancies.no_team')}</option>
                        {(teams.data ?? []).map((team) => (
                          <option key={team.id} value={team.id}>
                            {team.name}
                          </option>
                        ))}
                      </select>
                    )}
                  />
                </div>
                <div className="field">
                  <label htmlFor={`${ids}-form`}>{t('hr.vacancies.field.form')}</label>
                  <Controller
                    control={form.control}
                    name="form_id"
                    render={({ field }) => (
                      <select id={`${ids}-form`} {...field}>
                        <option value="">{t('hr.vacancies.default_form')}</option>
                        {(forms.data ?? [])
                          .filter((item) => !item.is_default)
                          .map((item) => (
                            <option key={item.id} value={item.id}>
                              {item.name}
                            </option>
                          ))}
                      </select>
                    )}
                  />
                </div>
              </div>
              <div>
                <fieldset className="field">
                  <legend>{t('hr.vacancies.field.recruiters')}</legend>
                  {(users.data ?? []).length === 0 ? (
                    <p className="hint">{t('hr.vacancies.no_recruiters')}</p>
                  ) : null}
                  {(users.data ?? []).map((user) => (
                    <label key={user.id} style={{ display: 'block' }}>
                      <input type="checkbox" value={String(user.id)} {...form.register('recruiter_ids')} />{' '}
                      {user.name}
                    </label>
                  ))}
                </fieldset>
                <div className="field">
                  <label htmlFor={`${ids}-hiring-manager`}>{t('hr.vacancies.field.hiring_manager')}</label>
                  <Controller
                    control={form.control}
                    name="hiring_manager_id"
                    render={({ field }) => (
                      <select
                        id={`${ids}-hiring-manager`}
                        aria-describedby={describedBy('hiring_manager_id')}
                        {...field}
                      >
                        <option value="">{t('hr.vacancies.no_hiring_manager')}</option>
                        {(users.data ?? []).map((user) => (
                          <option key={user.id} value={user.id}>
                            {user.name}
                          </option>
                        ))}
                      </select>
                    )}
                  />
                  {fieldError('hiring_manager_id')}
                </div>
                <fieldset className="field" aria-describedby={`${ids}-interviewers-hint`}>
                  <legend>{t('hr.vacancies.field.interviewers')}</legend>
                  <p className="hint" id={`${ids}-interviewers-hint`}>
                    {t('hr.vacancies.interviewers_hint')}
                  </p>
                  {(users.data ?? []).map((user) => (
                    <label key={user.id} style={{ display: 'block' }}>
                      <input type="checkbox" value={String(user.id)} {...form.register('interviewer_ids')} />{' '}
                      {user.name}
                    </label>
                  ))}
                  {fieldError('interviewer_ids')}
                </fieldset>
              </div>
            </div>

            <ScorecardAttributesField control={form.control} register={form.register} />

            {id === null && canEdit ? (
              <NewVacancyPipeline
                pipeline={pipeline}
                onChange={(next) => {
                  setPipeline(next);
                  setIsPipelineDirty(true);
                }}
                error={pipelineError}
              />
            ) : null}

            {canEdit ? (
              <button type="submit" className="primary" disabled={save.isPending}>
                {id === null ? t('hr.vacancies.create') : t('hr.common.save')}
              </button>
            ) : null}
          </fieldset>
        </form>
        <RecruitingUnsavedGuard
          isDirty={canEdit && (form.formState.isDirty || isPipelineDirty || isStagesDirty)}
        />
        {/* Saved on its own: its changes apply to the board at once and can be refused (409) apart from the rest. */}
        {current && canEdit ? <StagesEditor vacancyId={current.id} onDirtyChange={setIsStagesDirty} /> : null}
      </QueryState>
    </section>
  );
}
