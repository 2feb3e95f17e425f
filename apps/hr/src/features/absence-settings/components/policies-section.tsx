import {
  ABSENCE_ACCRUALS,
  type AbsencePolicy,
  type NamedRef,
  type UpdateAbsencePolicyBody,
} from '@kadry/shared/schemas/absence-settings';
import type { AbsenceTypeCode } from '@kadry/shared/schemas/absences';
import { getRequestErrorMessage } from '@kadry/ui/request-error-message';
import { type FormEvent, useId, useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { DialogFrame } from '../../../components/ui/dialog-frame';
import { Field, FormError } from '../../../components/ui/field';
import { QueryState } from '../../../components/ui/query-state';
import { ApiError } from '../../../lib/api-client';
import { readServerFieldErrors } from '../../../lib/form-errors';
import { useLocale, useT } from '../../../lib/i18n';
import { snackbar } from '../../../lib/snackbar/snackbar';
import {
  useAbsencePolicies,
  useAbsenceTypeSettings,
  useDeletePolicy,
  useSavePolicy,
} from '../api/absence-settings-api';
import { AssignmentFields } from './assignment-fields';
import {
  Checkbox,
  CountingField,
  SaveCancelActions,
  SelectField,
  TextField,
  toNumberOrNull,
} from './settings-parts';

/** The policies by type: what they give, whom they apply to; an editor and a delete that explains itself. */
export function PoliciesSection() {
  const t = useT();
  const locale = useLocale();
  const policies = useAbsencePolicies();
  const types = useAbsenceTypeSettings();
  const [editing, setEditing] = useState<AbsencePolicy | 'new' | null>(null);
  const [deleting, setDeleting] = useState<AbsencePolicy | null>(null);
  const typeName = useTypeName();
  const unitOf = (code: AbsenceTypeCode) => types.data?.find((type) => type.code === code)?.unit ?? 'days';

  const appliesTo = (policy: AbsencePolicy) => {
    const parts = [
      ...(policy.is_default ? [t('hr.absence_settings.policies.default_for_all')] : []),
      ...policy.teams.map((team) => t('hr.absence_settings.policies.team_named', { name: team.name })),
      ...policy.employees.map((person) => person.name),
    ];
    return parts.length > 0 ? parts.join(', ') : t('hr.absence_settings.policies.switched_off');
  };

  return (
    <section aria-labelledby="absence-policies-heading">
      <div className="admin-section-heading">
        <h2 id="absence-policies-heading">{t('hr.absence_settings.policies.title')}</h2>
        <button type="button" className="primary" onClick={() => setEditing('new')}>
          {t('hr.absence_settings.policies.new')}
        </button>
      </div>
      <p className="hint">{t('hr.absence_settings.policies.text')}</p>
      <QueryState
        isPending={policies.isPending || types.isPending}
        isError={policies.isError || types.isError}
        onRetry={() => Promise.all([policies.refetch(), types.refetch()])}
      >
        {(policies.data ?? []).length === 0 ? (
          <p role="status">{t('hr.absence_settings.policies.empty')}</p>
        ) : (
          <ul className="absence-settings__cards">
            {(policies.data ?? []).map((policy) => (
              <li key={policy.id} className="panel absence-settings__card">
                <h3>{policy.name}</h3>
                <dl className="absence-settings__facts">
                  <div>
                    <dt>{t('hr.absence_settings.policies.type')}</dt>
                    <dd>{typeName(policy.absence_type)}</dd>
                  </div>
                  <div>
                    <dt>{t('hr.absence_settings.policies.allowance')}</dt>
                    <dd>
                      {t('hr.absence_settings.policies.allowance_value', {
                        amount: policy.yearly_allowance,
                        unit: t(`hr.absence_settings.amount_unit.${unitOf(policy.absence_type)}`),
                        accrual: t(`hr.absence_settings.accrual.${policy.accrual}`),
                      })}
                    </dd>
                  </div>
                  <div>
                    <dt>{t('hr.absence_settings.policies.carry_over')}</dt>
                    <dd>
                      {policy.carry_over_cap === null
                        ? t('hr.absence_settings.policies.no_carry_over')
                        : policy.carry_over_expiry
                          ? t('hr.absence_settings.policies.carry_over_until', {
                              cap: policy.carry_over_cap,
                              day: policy.carry_over_expiry.day,
                              month: monthName(locale, policy.carry_over_expiry.month),
                            })
                          : t('hr.absence_settings.policies.carry_over_cap', { cap: policy.carry_over_cap })}
                    </dd>
                  </div>
                  <div>
                    <dt>{t('hr.absence_settings.policies.applies_to')}</dt>
                    <dd>{appliesTo(policy)}</dd>
                  </div>
                </dl>
                <div className="admin-row-actions">
                  <button
                    type="button"
                    aria-label={t('hr.absence_settings.edit_named', { name: policy.name })}
                    onClick={() => setEditing(policy)}
                  >
                    {t('hr.absence_settings.edit')}
                  </button>
                  <button
                    type="button"
                    aria-label={t('hr.absence_settings.delete_named', { name: policy.name })}
                    onClick={() => setDeleting(policy)}
                  >
                    {t('hr.absence_settings.delete')}
                  </button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
      <DialogFrame
        open={editing !== null}
        onClose={() => setEditing(null)}
        title={
          editing === 'new' || editing === null
            ? t('hr.absence_settings.policies.new')
            : t('hr.absence_settings.policies.edit_title', { name: editing.name })
        }
        size="wide"
        closesOnOutsideClick={false}
      >
        {editing !== null ? (
          <PolicyForm policy={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />
        ) : null}
      </DialogFrame>
      <DeletePolicyDialog policy={deleting} onClose={() => setDeleting(null)} />
    </section>
  );
}

/** A type's name in the user's language (its code until the types have loaded). */
function useTypeName(): (code: AbsenceTypeCode) => string {
  const locale = useLocale();
  const types = useAbsenceTypeSettings();
  return (code) => types.data?.find((type) => type.code === code)?.names[locale] ?? code;
}

function monthName(locale: string, month: number): string {
  return new Intl.DateTimeFormat(locale, { month: 'long', timeZone: 'UTC' }).format(
    new Date(Date.UTC(2000, month - 1, 1)),
  );
}

/** Deleting a policy that accrued days is refused (409): the dialog then offers to switch it off. */
function DeletePolicyDialog({ policy, onClose }: { policy: AbsencePolicy | null; onClose: () => void }) {
  const t = useT();
  const remove = useDeletePolicy();
  const save = useSavePolicy();
  const [isInUse, setIsInUse] = useState(false);
  const close = () => {
    setIsInUse(false);
    onClose();
  };
  const switchOff = async () => {
    if (!policy) return;
    try {
      await save.mutateAsync({
        kind: 'update',
        id: policy.id,
        body: { ...policyBodyOf(policy), is_default: false, team_ids: [], employee_ids: [] },
      });
      snackbar.success(t('hr.absence_settings.policies.now_off', { name: policy.name }));
      close();
    } catch {
      // The API client has shown the server's message.
    }
  };
  return (
    <ConfirmDialog
      open={policy !== null}
      onClose={close}
      role="alertdialog"
      title={t('hr.absence_settings.policies.delete_title', { name: policy?.name ?? '' })}
      confirmLabel={t('hr.absence_settings.delete')}
      cancelLabel={isInUse ? t('hr.absence_settings.close') : t('hr.absence_settings.cancel')}
      isConfirmOffered={!isInUse}
      otherActions={
        isInUse && policy?.is_active ? (
          <button type="button" className="primary" onClick={switchOff}>
            {t('hr.absence_settings.policies.switch_off')}
          </button>
        ) : null
      }
      onConfirm={async () => {
        if (!policy) return;
        try {
          await remove.mutateAsync(policy.id);
        } catch (error) {
          if (error instanceof ApiError && error.status === 409) setIsInUse(true);
          throw error;
        }
        snackbar.success(t('hr.absence_settings.policies.deleted', { name: policy.name }));
        close();
      }}
    >
      <p>
        {isInUse
          ? t('hr.absence_settings.policies.in_use_text')
          : t('hr.absence_settings.policies.delete_text')}
      </p>
    </ConfirmDialog>
  );
}

function policyBodyOf(policy: AbsencePolicy): UpdateAbsencePolicyBody {
  return {
    name: policy.name,
    is_default: policy.is_default,
    yearly_allowance: policy.yearly_allowance,
    accrual: policy.accrual,
    tenure_milestones: policy.tenure_milestones,
    rounding_step: policy.rounding_step,
    carry_over_cap: policy.carry_over_cap,
    carry_over_expiry: policy.carry_over_expiry,
    allow_negative: policy.allow_negative,
    negative_limit: policy.negative_limit,
    counting: policy.counting,
    team_ids: policy.teams.map((team) => team.id),
    employee_ids: policy.employees.map((person) => person.id),
  };
}

type Milestone = { key: number; years: string; allowance: string };

let milestoneKey = 0;

const DAYS_OF_MONTH = Array.from({ length: 31 }, (_, index) => String(index + 1));
const MONTHS = Array.from({ length: 12 }, (_, index) => String(index + 1));

/** A policy's every rule, and whom it applies to (teams, people). */
function PolicyForm({ policy, onDone }: { policy: AbsencePolicy | null; onDone: () => void }) {
  const t = useT();
  const locale = useLocale();
  const ids = useId();
  const save = useSavePolicy();
  const types = useAbsenceTypeSettings();
  const typeName = useTypeName();
  const [type, setType] = useState<AbsenceTypeCode>(policy?.absence_type ?? 'vacation');
  const [name, setName] = useState(policy?.name ?? '');
  const [isDefault, setIsDefault] = useState(policy?.is_default ?? false);
  const [allowance, setAllowance] = useState(String(policy?.yearly_allowance ?? 20));
  const [accrual, setAccrual] = useState(policy?.accrual ?? 'upfront');
  const [milestones, setMilestones] = useState<Milestone[]>(
    (policy?.tenure_milestones ?? []).map((item) => ({
      key: ++milestoneKey,
      years: String(item.years),
      allowance: String(item.allowance),
    })),
  );
  const [rounding, setRounding] = useState(String(policy?.rounding_step ?? 0.5));
  const [carries, setCarries] = useState(policy ? policy.carry_over_cap !== null : false);
  const [cap, setCap] = useState(String(policy?.carry_over_cap ?? 5));
  const [expires, setExpires] = useState(policy?.carry_over_expiry !== null && policy !== null);
  const [expiryMonth, setExpiryMonth] = useState(String(policy?.carry_over_expiry?.month ?? 3));
  const [expiryDay, setExpiryDay] = useState(String(policy?.carry_over_expiry?.day ?? 31));
  const [allowNegative, setAllowNegative] = useState(policy?.allow_negative ?? false);
  const [negativeLimit, setNegativeLimit] = useState(
    policy?.negative_limit === null || policy?.negative_limit === undefined
      ? ''
      : String(policy.negative_limit),
  );
  const [counting, setCounting] = useState(policy?.counting ?? 'working_days');
  const [teamIds, setTeamIds] = useState<number[]>(policy?.teams.map((team) => team.id) ?? []);
  const [people, setPeople] = useState<NamedRef[]>(policy?.employees ?? []);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);

  const number = (text: string, field: string, problems: Record<string, string>): number => {
    const value = toNumberOrNull(text);
    if (value === null || Number.isNaN(value)) problems[field] = t('hr.absence_settings.number_required');
    return value ?? 0;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    const problems: Record<string, string> = {};
    if (!name.trim()) problems.name = t('hr.absence_settings.required');
    const body: UpdateAbsencePolicyBody = {
      name: name.trim(),
      is_default: isDefault,
      yearly_allowance: number(allowance, 'yearly_allowance', problems),
      accrual,
      tenure_milestones:
        accrual === 'tenure'
          ? milestones.map((item) => ({
              years: number(item.years, 'tenure_milestones', problems),
              allowance: number(item.allowance, 'tenure_milestones', problems),
            }))
          : [],
      rounding_step: number(rounding, 'rounding_step', problems),
      carry_over_cap: carries ? number(cap, 'carry_over_cap', problems) : null,
      carry_over_expiry: carries && expires ? { month: Number(expiryMonth), day: Number(expiryDay) } : null,
      allow_negative: allowNegative,
      negative_limit:
        allowNegative && negativeLimit.trim() ? number(negativeLimit, 'negative_limit', problems) : null,
      counting,
      team_ids: teamIds,
      employee_ids: people.map((person) => person.id),
    };
    if (accrual === 'tenure' && milestones.length === 0) {
      problems.tenure_milestones = t('hr.absence_settings.policies.milestones_required');
    }
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    setFormError(null);
    try {
      await save.mutateAsync(
        policy
          ? { kind: 'update', id: policy.id, body }
          : { kind: 'create', body: { ...body, absence_type: type } },
      );
      snackbar.success(t('hr.absence_settings.saved'));
      onDone();
    } catch (error) {
      const fields = readServerFieldErrors(error);
      if (fields) setErrors(fields);
      setFormError(getRequestErrorMessage(error));
    }
  };

  return (
    <form onSubmit={submit} noValidate className="absence-settings__form">
      <div className="absence-settings__grid">
        <TextField
          label={t('hr.absence_settings.policies.name')}
          error={errors.name}
          maxLength={200}
          value={name}
          onChange={setName}
        />
        <SelectField
          label={t('hr.absence_settings.policies.type')}
          error={errors.absence_type}
          hint={policy ? t('hr.absence_settings.policies.type_fixed') : undefined}
          value={type}
          options={(types.data ?? []).map((item) => item.code)}
          optionLabel={typeName}
          onChange={setType}
          isDisabled={policy !== null}
        />
        <NumberField
          label={t('hr.absence_settings.policies.yearly_allowance')}
          isRequired
          error={errors.yearly_allowance}
          min={0}
          step={0.5}
          value={allowance}
          onChange={setAllowance}
        />
        <SelectField
          label={t('hr.absence_settings.policies.accrual')}
          error={errors.accrual}
          value={accrual}
          options={ABSENCE_ACCRUALS}
          optionLabel={(item) => t(`hr.absence_settings.accrual.${item}`)}
          onChange={setAccrual}
        />
        <NumberField
          label={t('hr.absence_settings.policies.rounding')}
          hint={t('hr.absence_settings.policies.rounding_hint')}
          error={errors.rounding_step}
          min={0.01}
          step={0.01}
          value={rounding}
          onChange={setRounding}
        />
        <CountingField value={counting} onChange={setCounting} error={errors.counting} />
      </div>

      {accrual === 'tenure' ? (
        <fieldset className="absence-settings__group">
          <legend>{t('hr.absence_settings.policies.milestones')}</legend>
          <p className="hint">{t('hr.absence_settings.policies.milestones_hint')}</p>
          {milestones.map((item, index) => (
            <div key={item.key} className="absence-settings__row">
              <label htmlFor={`${ids}-years-${index}`}>
                {t('hr.absence_settings.policies.milestone_years')}
              </label>
              <input
                id={`${ids}-years-${index}`}
                type="number"
                min={1}
                step={1}
                value={item.years}
                onChange={(event) =>
                  setMilestones(
                    milestones.map((row, at) => (at === index ? { ...row, years: event.target.value } : row)),
                  )
                }
              />
              <label htmlFor={`${ids}-allowance-${index}`}>
                {t('hr.absence_settings.policies.milestone_allowance')}
              </label>
              <input
                id={`${ids}-allowance-${index}`}
                type="number"
                min={0}
                step={0.5}
                value={item.allowance}
                onChange={(event) =>
                  setMilestones(
                    milestones.map((row, at) =>
                      at === index ? { ...row, allowance: event.target.value } : row,
                    ),
                  )
                }
              />
              <button
                type="button"
                aria-label={t('hr.absence_settings.policies.milestone_remove', { number: index + 1 })}
                onClick={() => setMilestones(milestones.filter((_, at) => at !== index))}
              >
                {t('hr.absence_settings.remove')}
              </button>
            </div>
          ))}
          <button
            type="button"
            onClick={() => setMilestones([...milestones, { key: ++milestoneKey, years: '', allowance: '' }])}
          >
            {t('hr.absence_settings.policies.milestone_add')}
          </button>
          {errors.tenure_milestones ? <p className="field-error">{errors.tenure_milestones}</p> : null}
        </fieldset>
      ) : null}

      <fieldset className="absence-settings__group">
        <legend>{t('hr.absence_settings.policies.carry_over')}</legend>
        <Checkbox label={t('hr.absence_settings.policies.carries')} checked={carries} onChange={setCarries} />
        {carries ? (
          <>
            <NumberField
              label={t('hr.absence_settings.policies.cap')}
              error={errors.carry_over_cap}
              min={0}
              step={0.5}
              value={cap}
              onChange={setCap}
            />
            <Checkbox
              label={t('hr.absence_settings.policies.expires')}
              checked={expires}
              onChange={setExpires}
            />
            {expires ? (
              <div className="absence-settings__row">
                <SelectField
                  label={t('hr.absence_settings.policies.expiry_day')}
                  error={errors.carry_over_expiry}
                  value={expiryDay}
                  options={DAYS_OF_MONTH}
                  optionLabel={(day) => day}
                  onChange={setExpiryDay}
                />
                <SelectField
                  label={t('hr.absence_settings.policies.expiry_month')}
                  value={expiryMonth}
                  options={MONTHS}
                  optionLabel={(month) => monthName(locale, Number(month))}
                  onChange={setExpiryMonth}
                />
              </div>
            ) : null}
          </>
        ) : null}
      </fieldset>

      <fieldset className="absence-settings__group">
        <legend>{t('hr.absence_settings.policies.negative')}</legend>
        <Checkbox
          label={t('hr.absence_settings.policies.allow_negative')}
          checked={allowNegative}
          onChange={setAllowNegative}
        />
        {allowNegative ? (
          <NumberField
            label={t('hr.absence_settings.policies.negative_limit')}
            hint={t('hr.absence_settings.policies.negative_limit_hint')}
            error={errors.negative_limit}
            min={0}
            step={0.5}
            value={negativeLimit}
            onChange={setNegativeLimit}
          />
        ) : null}
      </fieldset>

      <fieldset className="absence-settings__group">
        <legend>{t('hr.absence_settings.policies.applies_to')}</legend>
        <Checkbox
          label={t('hr.absence_settings.policies.is_default')}
          checked={isDefault}
          onChange={setIsDefault}
        />
        <p className="hint">{t('hr.absence_settings.policies.assign_hint')}</p>
        <AssignmentFields
          teamsLabel={t('hr.absence_settings.policies.teams')}
          teamIds={teamIds}
          onTeamIdsChange={setTeamIds}
          peopleLabel={t('hr.absence_settings.policies.people')}
          people={people}
          onPeopleChange={setPeople}
          errors={errors}
        />
      </fieldset>
      <FormError message={formError} />
      <SaveCancelActions isSaving={save.isPending} onCancel={onDone} />
    </form>
  );
}

/** A labelled number input; the form reads its text with toNumberOrNull. */
function NumberField({
  label,
  hint,
  error,
  isRequired = false,
  min,
  step,
  value,
  onChange,
}: {
  label: string;
  hint?: string;
  error?: string | undefined;
  isRequired?: boolean;
  min: number;
  step: number;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <Field label={label} hint={hint} isRequired={isRequired} error={error}>
      {(control) => (
        <input
          {...control}
          type="number"
          min={min}
          step={step}
          inputMode="decimal"
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </Field>
  );
}
