import {
  ABSENCE_ACCRUALS,
  type AbsencePolicy,
  type NamedRef,
  type UpdateAbsencePolicyBody,
} from '@kadry/shared/schemas/absence-settings';
import { type AbsenceTypeCode, DAY_COUNTINGS } from '@kadry/shared/schemas/absences';
import type { TeamPerson } from '@kadry/shared/schemas/admin';
import { getRequestErrorMessage } from '@kadry/ui/request-error-message';
import { type FormEvent, useId, useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { DialogActions, DialogFrame } from '../../../components/ui/dialog-frame';
import { Field, FormError } from '../../../components/ui/field';
import { QueryState } from '../../../components/ui/query-state';
import { ApiError } from '../../../lib/api-client';
import { readServerFieldErrors } from '../../../lib/form-errors';
import { useLocale, useT } from '../../../lib/i18n';
import { snackbar } from '../../../lib/snackbar/snackbar';
import { useTeamOptions } from '../../employees/api/get-team-options';
import { AddMembersDialog } from '../../teams/components/add-members-dialog';
import {
  useAbsencePolicies,
  useAbsenceTypeSettings,
  useDeletePolicy,
  useSavePolicy,
} from '../api/absence-settings-api';
import { toNumberOrNull } from './settings-parts';

/** The policies by type: what they give, whom they apply to; an editor and a delete that explains itself. */
export function PoliciesSection() {
  const t = useT();
  const locale = useLocale();
  const policies = useAbsencePolicies();
  const types = useAbsenceTypeSettings();
  const [editing, setEditing] = useState<AbsencePolicy | 'new' | null>(null);
  const [deleting, setDeleting] = useState<AbsencePolicy | null>(null);
  const typeName = (code: AbsenceTypeCode) =>
    types.data?.find((type) => type.code === code)?.names[locale] ?? code;
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

const DAYS_OF_MONTH = Array.from({ length: 31 }, (_, index) => index + 1);
const MONTHS = Array.from({ length: 12 }, (_, index) => index + 1);

/** A policy's every rule, and whom it applies to (teams, people). */
function PolicyForm({ policy, onDone }: { policy: AbsencePolicy | null; onDone: () => void }) {
  const t = useT();
  const locale = useLocale();
  const ids = useId();
  const save = useSavePolicy();
  const types = useAbsenceTypeSettings();
  const teams = useTeamOptions({ isEnabled: true });
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
  const [isPicking, setIsPicking] = useState(false);
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
        <Field label={t('hr.absence_settings.policies.name')} isRequired error={errors.name}>
          {(control) => (
            <input
              {...control}
              type="text"
              maxLength={200}
              aria-required="true"
              value={name}
              onChange={(event) => setName(event.target.value)}
            />
          )}
        </Field>
        <Field
          label={t('hr.absence_settings.policies.type')}
          error={errors.absence_type}
          hint={policy ? t('hr.absence_settings.policies.type_fixed') : undefined}
        >
          {(control) => (
            <select
              {...control}
              value={type}
              disabled={policy !== null}
              onChange={(event) => setType(event.target.value as AbsenceTypeCode)}
            >
              {(types.data ?? []).map((item) => (
                <option key={item.code} value={item.code}>
                  {item.names[locale]}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field
          label={t('hr.absence_settings.policies.yearly_allowance')}
          isRequired
          error={errors.yearly_allowance}
        >
          {(control) => (
            <input
              {...control}
              type="number"
              min={0}
              step={0.5}
              inputMode="decimal"
              value={allowance}
              onChange={(event) => setAllowance(event.target.value)}
            />
          )}
        </Field>
        <Field label={t('hr.absence_settings.policies.accrual')} error={errors.accrual}>
          {(control) => (
            <select
              {...control}
              value={accrual}
              onChange={(event) => setAccrual(event.target.value as typeof accrual)}
            >
              {ABSENCE_ACCRUALS.map((item) => (
                <option key={item} value={item}>
                  {t(`hr.absence_settings.accrual.${item}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field
          label={t('hr.absence_settings.policies.rounding')}
          hint={t('hr.absence_settings.policies.rounding_hint')}
          error={errors.rounding_step}
        >
          {(control) => (
            <input
              {...control}
              type="number"
              min={0.01}
              step={0.01}
              inputMode="decimal"
              value={rounding}
              onChange={(event) => setRounding(event.target.value)}
            />
          )}
        </Field>
        <Field label={t('hr.absence_settings.counting_label')} error={errors.counting}>
          {(control) => (
            <select
              {...control}
              value={counting}
              onChange={(event) => setCounting(event.target.value as typeof counting)}
            >
              {DAY_COUNTINGS.map((item) => (
                <option key={item} value={item}>
                  {t(`hr.absence_settings.counting.${item}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
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
        <label className="admin-checkbox">
          <input type="checkbox" checked={carries} onChange={(event) => setCarries(event.target.checked)} />
          {t('hr.absence_settings.policies.carries')}
        </label>
        {carries ? (
          <>
            <Field label={t('hr.absence_settings.policies.cap')} error={errors.carry_over_cap}>
              {(control) => (
                <input
                  {...control}
                  type="number"
                  min={0}
                  step={0.5}
                  value={cap}
                  onChange={(event) => setCap(event.target.value)}
                />
              )}
            </Field>
            <label className="admin-checkbox">
              <input
                type="checkbox"
                checked={expires}
                onChange={(event) => setExpires(event.target.checked)}
              />
              {t('hr.absence_settings.policies.expires')}
            </label>
            {expires ? (
              <div className="absence-settings__row">
                <Field label={t('hr.absence_settings.policies.expiry_day')} error={errors.carry_over_expiry}>
                  {(control) => (
                    <select
                      {...control}
                      value={expiryDay}
                      onChange={(event) => setExpiryDay(event.target.value)}
                    >
                      {DAYS_OF_MONTH.map((day) => (
                        <option key={day} value={day}>
                          {day}
                        </option>
                      ))}
                    </select>
                  )}
                </Field>
                <Field label={t('hr.absence_settings.policies.expiry_month')}>
                  {(control) => (
                    <select
                      {...control}
                      value={expiryMonth}
                      onChange={(event) => setExpiryMonth(event.target.value)}
                    >
                      {MONTHS.map((month) => (
                        <option key={month} value={month}>
                          {monthName(locale, month)}
                        </option>
                      ))}
                    </select>
                  )}
                </Field>
              </div>
            ) : null}
          </>
        ) : null}
      </fieldset>

      <fieldset className="absence-settings__group">
        <legend>{t('hr.absence_settings.policies.negative')}</legend>
        <label className="admin-checkbox">
          <input
            type="checkbox"
            checked={allowNegative}
            onChange={(event) => setAllowNegative(event.target.checked)}
          />
          {t('hr.absence_settings.policies.allow_negative')}
        </label>
        {allowNegative ? (
          <Field
            label={t('hr.absence_settings.policies.negative_limit')}
            hint={t('hr.absence_settings.policies.negative_limit_hint')}
            error={errors.negative_limit}
          >
            {(control) => (
              <input
                {...control}
                type="number"
                min={0}
                step={0.5}
                value={negativeLimit}
                onChange={(event) => setNegativeLimit(event.target.value)}
              />
            )}
          </Field>
        ) : null}
      </fieldset>

      <fieldset className="absence-settings__group">
        <legend>{t('hr.absence_settings.policies.applies_to')}</legend>
        <label className="admin-checkbox">
          <input
            type="checkbox"
            checked={isDefault}
            onChange={(event) => setIsDefault(event.target.checked)}
          />
          {t('hr.absence_settings.policies.is_default')}
        </label>
        <p className="hint">{t('hr.absence_settings.policies.assign_hint')}</p>
        <TeamChecklist
          label={t('hr.absence_settings.policies.teams')}
          teams={teams}
          selected={teamIds}
          onChange={setTeamIds}
          error={errors.team_ids}
        />
        <PeopleList
          label={t('hr.absence_settings.policies.people')}
          people={people}
          onChange={setPeople}
          onAdd={() => setIsPicking(true)}
          error={errors.employee_ids}
        />
        <AddMembersDialog
          open={isPicking}
          onClose={() => setIsPicking(false)}
          memberIds={new Set(people.map((person) => person.id))}
          onAdd={(added: TeamPerson[]) =>
            setPeople([...people, ...added.map((person) => ({ id: person.id, name: person.name }))])
          }
        />
      </fieldset>
      <FormError message={formError} />
      <DialogActions>
        <button type="submit" className="primary" aria-disabled={save.isPending}>
          {t('hr.absence_settings.save')}
        </button>
        <button type="button" onClick={onDone}>
          {t('hr.absence_settings.cancel')}
        </button>
      </DialogActions>
    </form>
  );
}

/** Teams to tick (the company's teams list). */
export function TeamChecklist({
  label,
  teams,
  selected,
  onChange,
  error,
}: {
  label: string;
  teams: { data?: { id: number; name: string }[]; isPending: boolean; isError: boolean };
  selected: number[];
  onChange: (ids: number[]) => void;
  error?: string | undefined;
}) {
  const t = useT();
  const ids = useId();
  return (
    <fieldset className="absence-settings__checklist">
      <legend>{label}</legend>
      {teams.isError ? (
        <p className="field-error">{t('hr.common.load_failed')}</p>
      ) : teams.isPending ? (
        <p role="status">{t('hr.common.loading')}</p>
      ) : (teams.data ?? []).length === 0 ? (
        <p>{t('hr.absence_settings.no_teams')}</p>
      ) : (
        <ul>
          {(teams.data ?? []).map((team) => (
            <li key={team.id} className="admin-checkbox">
              <input
                id={`${ids}-${team.id}`}
                type="checkbox"
                checked={selected.includes(team.id)}
                onChange={(event) =>
                  onChange(
                    event.target.checked ? [...selected, team.id] : selected.filter((id) => id !== team.id),
                  )
                }
              />
              <label htmlFor={`${ids}-${team.id}`}>{team.name}</label>
            </li>
          ))}
        </ul>
      )}
      {error ? <p className="field-error">{error}</p> : null}
    </fieldset>
  );
}

/** Chosen people with a remove button each, and a button that opens the people picker. */
export function PeopleList({
  label,
  people,
  onChange,
  onAdd,
  error,
}: {
  label: string;
  people: NamedRef[];
  onChange: (people: NamedRef[]) => void;
  onAdd: () => void;
  error?: string | undefined;
}) {
  const t = useT();
  return (
    <fieldset className="absence-settings__checklist">
      <legend>{label}</legend>
      {people.length === 0 ? (
        <p>{t('hr.absence_settings.nobody_chosen')}</p>
      ) : (
        <ul className="absence-settings__people">
          {people.map((person) => (
            <li key={person.id}>
              <span>{person.name}</span>
              <button
                type="button"
                aria-label={t('hr.absence_settings.remove_named', { name: person.name })}
                onClick={() => onChange(people.filter((item) => item.id !== person.id))}
              >
                {t('hr.absence_settings.remove')}
              </button>
            </li>
          ))}
        </ul>
      )}
      <button type="button" onClick={onAdd}>
        {t('hr.absence_settings.add_people')}
      </button>
      {error ? <p className="field-error">{error}</p> : null}
    </fieldset>
  );
}
