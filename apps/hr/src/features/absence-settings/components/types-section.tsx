import {
  ABSENCE_TYPE_ICONS,
  type EditableAbsenceType,
  type NamedRef,
  type UpdateAbsenceTypeBody,
} from '@kadry/shared/schemas/absence-settings';
import { ABSENCE_UNITS, type ApproverRole } from '@kadry/shared/schemas/absences';
import { getRequestErrorMessage } from '@kadry/ui/request-error-message';
import { type FormEvent, useState } from 'react';
import { DialogFrame } from '../../../components/ui/dialog-frame';
import { Field, FormError } from '../../../components/ui/field';
import { QueryState } from '../../../components/ui/query-state';
import { readServerFieldErrors } from '../../../lib/form-errors';
import { useLocale, useT } from '../../../lib/i18n';
import { snackbar } from '../../../lib/snackbar/snackbar';
import { useAbsenceTypeSettings, useUpdateAbsenceType } from '../api/absence-settings-api';
import {
  Checkbox,
  CountingField,
  PersonSelect,
  SaveCancelActions,
  SelectField,
  TextField,
  useChainLabel,
} from './settings-parts';

/** The chains a type can have: the two roles, in either order, or one of them. */
const CHAINS: readonly (readonly ApproverRole[])[] = [
  ['manager'],
  ['hr'],
  ['manager', 'hr'],
  ['hr', 'manager'],
];
const CHAIN_VALUES = CHAINS.map(chainValue);

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
  const [icon, setIcon] = useState<string>(type.icon);
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
          <TextField
            key={locale}
            label={t(`hr.absence_settings.name_in.${locale}`)}
            error={errors[`names.${locale}`] ?? (locale === 'en' ? errors.names : undefined)}
            maxLength={100}
            value={names[locale]}
            onChange={(name) => setNames({ ...names, [locale]: name })}
          />
        ))}
      </fieldset>
      <div className="absence-settings__grid">
        <SelectField
          label={t('hr.absence_settings.types.unit')}
          error={errors.unit}
          value={unit}
          options={ABSENCE_UNITS}
          optionLabel={(item) => t(`hr.absence_settings.unit.${item}`)}
          onChange={setUnit}
        />
        <CountingField value={counting} onChange={setCounting} error={errors.counting} />
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
        <SelectField
          label={t('hr.absence_settings.types.icon')}
          error={errors.icon}
          value={icon}
          options={ABSENCE_TYPE_ICONS}
          optionLabel={(item) => `${iconGlyph(item)} ${t(`hr.absence_settings.icon.${item}`)}`}
          onChange={setIcon}
        />
      </div>
      <div className="absence-settings__checks">
        <Checkbox
          label={t('hr.absence_settings.types.enabled')}
          checked={isEnabled}
          onChange={setIsEnabled}
        />
        <Checkbox
          label={t('hr.absence_settings.types.counts_against_balance')}
          checked={countsAgainstBalance}
          onChange={setCountsAgainstBalance}
        />
        <Checkbox
          label={t('hr.absence_settings.types.needs_document')}
          checked={needsDocument}
          onChange={setNeedsDocument}
        />
        <Checkbox
          label={t('hr.absence_settings.types.needs_approval')}
          checked={needsApproval}
          onChange={setNeedsApproval}
        />
      </div>
      {needsApproval ? (
        <SelectField
          label={t('hr.absence_settings.types.chain')}
          hint={t('hr.absence_settings.types.chain_hint')}
          error={errors.approval_chain}
          value={chain}
          options={CHAIN_VALUES}
          optionLabel={(item) => chainLabel(item.split(',') as ApproverRole[], true)}
          onChange={setChain}
        />
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
      <SaveCancelActions isSaving={update.isPending} onCancel={onDone} />
    </form>
  );
}
