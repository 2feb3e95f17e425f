import {
  ABSENCE_TYPE_ICONS,
  type EditableAbsenceType,
  type NamedRef,
  type UpdateAbsenceTypeBody,
} from '@kadry/shared/schemas/absence-settings';
import { ABSENCE_UNITS, type ApproverRole, DAY_COUNTINGS } from '@kadry/shared/schemas/absences';
import { getRequestErrorMessage } from '@kadry/ui/request-error-message';
import { type FormEvent, useState } from 'react';
import { DialogActions, DialogFrame } from '../../../components/ui/dialog-frame';
import { Field, FormError } from '../../../components/ui/field';
import { QueryState } from '../../../components/ui/query-state';
import { readServerFieldErrors } from '../../../lib/form-errors';
import { useLocale, useT } from '../../../lib/i18n';
import { snackbar } from '../../../lib/snackbar/snackbar';
import { useAbsenceTypeSettings, useUpdateAbsenceType } from '../api/absence-settings-api';
import { PersonSelect, useChainLabel } from './settings-parts';

/** The chains a type can have: the two roles, in either order, or one of them. */
const CHAINS: readonly (readonly ApproverRole[])[] = [
  ['manager'],
  ['hr'],
  ['manager', 'hr'],
  ['hr', 'manager'],
];

const ICON_GLYPHS: Record<(typeof ABSENCE_TYPE_ICONS)[number], string> = {
  beach: '🏖',
  thermometer: '🌡',
  wallet: '👛',
  home: '🏠',
  medical: '🩺',
  plane: '✈',
  clock: '⏰',
  calendar: '📅',
  moon: '🌙',
  swap: '🔁',
  event: '📌',
};

export function iconGlyph(icon: string): string {
  return ICON_GLYPHS[icon as keyof typeof ICON_GLYPHS] ?? '•';
}

/** The company's absence types: a table with a switch each, and an edit dialog. */
export function TypesSection() {
  const t = useT();
  const locale = useLocale();
  const types = useAbsenceTypeSettings();
  const update = useUpdateAbsenceType();
  const chainLabel = useChainLabel();
  const [editing, setEditing] = useState<EditableAbsenceType | null>(null);

  const toggle = async (type: EditableAbsenceType) => {
    try {
      await update.mutateAsync({ id: type.id, body: { is_enabled: !type.is_enabled } });
      snackbar.success(
        t(
          type.is_enabled
            ? 'hr.absence_settings.types.switched_off'
            : 'hr.absence_settings.types.switched_on',
          {
            name: type.names[locale],
          },
        ),
      );
    } catch {
      // The API client has shown the server's message.
    }
  };

  return (
    <section aria-labelledby="absence-types-heading">
      <h2 id="absence-types-heading">{t('hr.absence_settings.types.title')}</h2>
      <p className="hint">{t('hr.absence_settings.types.text')}</p>
      <QueryState isPending={types.isPending} isError={types.isError} onRetry={() => types.refetch()}>
        {(types.data ?? []).length === 0 ? (
          <p role="status">{t('hr.absence_settings.types.empty')}</p>
        ) : (
          <div className="table-scroll">
            <table>
              <thead>
                <tr>
                  <th scope="col">{t('hr.absence_settings.types.column.name')}</th>
                  <th scope="col">{t('hr.absence_settings.types.column.unit')}</th>
                  <th scope="col">{t('hr.absence_settings.types.column.approval')}</th>
                  <th scope="col">{t('hr.absence_settings.types.column.enabled')}</th>
                  <th scope="col">{t('hr.common.actions')}</th>
                </tr>
              </thead>
              <tbody>
                {(types.data ?? []).map((type) => (
                  <tr key={type.id}>
                    <th scope="row">
                      <span className="absence-settings__type-name">
                        <span
                          className="absence-settings__dot"
                          style={{ backgroundColor: type.color }}
                          aria-hidden="true"
                        />
                        <span aria-hidden="true">{iconGlyph(type.icon)}</span>
                        {type.names[locale]}
                      </span>
                    </th>
                    <td>{t(`hr.absence_settings.unit.${type.unit}`)}</td>
                    <td>{chainLabel(type.approval_chain, type.needs_approval)}</td>
                    <td>
                      <label className="absence-settings__switch">
                        <input
                          type="checkbox"
                          role="switch"
                          aria-checked={type.is_enabled}
                          checked={type.is_enabled}
                          aria-label={t('hr.absence_settings.types.enabled_named', {
                            name: type.names[locale],
                          })}
                          onChange={() => toggle(type)}
                        />
                        <span aria-hidden="true">
                          {type.is_enabled ? t('hr.absence_settings.on') : t('hr.absence_settings.off')}
                        </span>
                      </label>
                    </td>
                    <td>
                      <button
                        type="button"
                        aria-label={t('hr.absence_settings.edit_named', { name: type.names[locale] })}
                        onClick={() => setEditing(type)}
                      >
                        {t('hr.absence_settings.edit')}
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </QueryState>
      <DialogFrame
        open={editing !== null}
        onClose={() => setEditing(null)}
        title={t('hr.absence_settings.types.edit_title', { name: editing ? editing.names[locale] : '' })}
        size="wide"
        closesOnOutsideClick={false}
      >
        {editing ? <TypeForm type={editing} onDone={() => setEditing(null)} /> : null}
      </DialogFrame>
    </section>
  );
}

function chainValue(chain: readonly ApproverRole[]): string {
  return chain.join(',');
}

/** Every field of a type; saved at once. */
function TypeForm({ type, onDone }: { type: EditableAbsenceType; onDone: () => void }) {
  const t = useT();
  const update = useUpdateAbsenceType();
  const chainLabel = useChainLabel();
  const [names, setNames] = useState(type.names);
  const [unit, setUnit] = useState(type.unit);
  const [counting, setCounting] = useState(type.counting);
  const [needsApproval, setNeedsApproval] = useState(type.needs_approval);
  const [chain, setChain] = useState(
    chainValue(type.approval_chain.length > 0 ? type.approval_chain : ['manager']),
  );
  const [needsDocument, setNeedsDocument] = useState(type.needs_document);
  const [countsAgainstBalance, setCountsAgainstBalance] = useState(type.counts_against_balance);
  const [color, setColor] = useState(type.color);
  const [icon, setIcon] = useState(type.icon);
  const [isEnabled, setIsEnabled] = useState(type.is_enabled);
  const [fallback, setFallback] = useState<NamedRef | null>(type.fallback_approver);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body: UpdateAbsenceTypeBody = {
      names: { en: names.en.trim(), ru: names.ru.trim(), uk: names.uk.trim() },
      is_enabled: isEnabled,
      unit,
      counting,
      needs_approval: needsApproval,
      approval_chain: needsApproval ? (chain.split(',') as ApproverRole[]) : [],
      needs_document: needsDocument,
      counts_against_balance: countsAgainstBalance,
      color,
      icon: icon as UpdateAbsenceTypeBody['icon'],
      fallback_approver_id: fallback?.id ?? null,
    };
    const missing = (['en', 'ru', 'uk'] as const).filter((locale) => !body.names?.[locale]);
    if (missing.length > 0) {
      setErrors(
        Object.fromEntries(missing.map((locale) => [`names.${locale}`, t('hr.absence_settings.required')])),
      );
      return;
    }
    setErrors({});
    setFormError(null);
    try {
      await update.mutateAsync({ id: type.id, body });
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
      <fieldset className="absence-settings__names">
        <legend>{t('hr.absence_settings.types.names')}</legend>
        {(['en', 'ru', 'uk'] as const).map((locale) => (
          <Field
            key={locale}
            label={t(`hr.absence_settings.name_in.${locale}`)}
            isRequired
            error={errors[`names.${locale}`] ?? (locale === 'en' ? errors.names : undefined)}
          >
            {(control) => (
              <input
                {...control}
                type="text"
                maxLength={100}
                aria-required="true"
                value={names[locale]}
                onChange={(event) => setNames({ ...names, [locale]: event.target.value })}
              />
            )}
          </Field>
        ))}
      </fieldset>
      <div className="absence-settings__grid">
        <Field label={t('hr.absence_settings.types.unit')} error={errors.unit}>
          {(control) => (
            <select
              {...control}
              value={unit}
              onChange={(event) => setUnit(event.target.value as typeof unit)}
            >
              {ABSENCE_UNITS.map((item) => (
                <option key={item} value={item}>
                  {t(`hr.absence_settings.unit.${item}`)}
                </option>
              ))}
            </select>
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
        <Field label={t('hr.absence_settings.types.color')} error={errors.color}>
          {(control) => (
            <input
              {...control}
              type="color"
              value={color}
              onChange={(event) => setColor(event.target.value)}
            />
          )}
        </Field>
        <Field label={t('hr.absence_settings.types.icon')} error={errors.icon}>
          {(control) => (
            <select {...control} value={icon} onChange={(event) => setIcon(event.target.value)}>
              {ABSENCE_TYPE_ICONS.map((item) => (
                <option key={item} value={item}>
                  {`${iconGlyph(item)} ${t(`hr.absence_settings.icon.${item}`)}`}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      <div className="absence-settings__checks">
        <label className="admin-checkbox">
          <input
            type="checkbox"
            checked={isEnabled}
            onChange={(event) => setIsEnabled(event.target.checked)}
          />
          {t('hr.absence_settings.types.enabled')}
        </label>
        <label className="admin-checkbox">
          <input
            type="checkbox"
            checked={countsAgainstBalance}
            onChange={(event) => setCountsAgainstBalance(event.target.checked)}
          />
          {t('hr.absence_settings.types.counts_against_balance')}
        </label>
        <label className="admin-checkbox">
          <input
            type="checkbox"
            checked={needsDocument}
            onChange={(event) => setNeedsDocument(event.target.checked)}
          />
          {t('hr.absence_settings.types.needs_document')}
        </label>
        <label className="admin-checkbox">
          <input
            type="checkbox"
            checked={needsApproval}
            onChange={(event) => setNeedsApproval(event.target.checked)}
          />
          {t('hr.absence_settings.types.needs_approval')}
        </label>
      </div>
      {needsApproval ? (
        <Field
          label={t('hr.absence_settings.types.chain')}
          hint={t('hr.absence_settings.types.chain_hint')}
          error={errors.approval_chain}
        >
          {(control) => (
            <select {...control} value={chain} onChange={(event) => setChain(event.target.value)}>
              {CHAINS.map((item) => (
                <option key={chainValue(item)} value={chainValue(item)}>
                  {chainLabel(item, true)}
                </option>
              ))}
            </select>
          )}
        </Field>
      ) : (
        <p className="hint">{t('hr.absence_settings.types.no_approval_hint')}</p>
      )}
      <PersonSelect
        label={t('hr.absence_settings.types.fallback')}
        value={fallback}
        onChange={setFallback}
        error={errors.fallback_approver_id}
      />
      <p className="hint">{t('hr.absence_settings.types.fallback_hint')}</p>
      <FormError message={formError} />
      <DialogActions>
        <button type="submit" className="primary" aria-disabled={update.isPending}>
          {t('hr.absence_settings.save')}
        </button>
        <button type="button" onClick={onDone}>
          {t('hr.absence_settings.cancel')}
        </button>
      </DialogActions>
    </form>
  );
}
