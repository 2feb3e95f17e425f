import {
  type BalanceAdjustmentBody,
  balanceAdjustmentBodySchema,
  SETTINGS_YEAR_MAX,
  SETTINGS_YEAR_MIN,
} from '@kadry/shared/schemas/absence-settings';
import type { AbsenceBalance, AbsenceType } from '@kadry/shared/schemas/absences';
import { type FormEvent, useState } from 'react';
import { DialogActions, DialogFrame } from '../../../components/ui/dialog-frame';
import { Field, FormError } from '../../../components/ui/field';
import { QueryState } from '../../../components/ui/query-state';
import { readServerFieldErrors } from '../../../lib/form-errors';
import { useT } from '../../../lib/i18n';
import { snackbar } from '../../../lib/snackbar/snackbar';
import { useEmployeeRefs } from '../../employees/api/get-employee-refs';
import { useAdjustBalance, useEmployeeBalance } from '../api/absences-api';
import { useTypeName } from './absence-parts';
import { BalanceCards } from './balance-cards';

type AdjustmentValues = { amount: string; year: string; note: string };

/** The fields the adjustment form shows; a server error under another name is the form's. */
const ADJUSTMENT_FIELDS = ['amount', 'year', 'note'] as const;

/** Whose balance of which type is adjusted, and the person's name for the title. */
type AdjustmentTarget = { employeeId: number; employeeName: string; balance: AbsenceBalance };

/**
 * A manual adjustment of one balance (`absences.settings.adjustments`, AbsenceRequest `update_absence`):
 * a signed amount in the type's unit, the year it counts in and the reason, which the ledger shows.
 * The contract's own checks run before sending; the server's refusal is said under its field.
 */
function AdjustmentDialog({
  target,
  types,
  onClose,
}: {
  target: AdjustmentTarget | null;
  types: readonly AbsenceType[];
  onClose: () => void;
}) {
  const t = useT();
  const typeName = useTypeName(types);
  const adjust = useAdjustBalance();
  const [values, setValues] = useState<AdjustmentValues>({ amount: '', year: '', note: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [openedFor, setOpenedFor] = useState<AdjustmentTarget | null>(null);
  // A dialog opened for another balance starts afresh, in that balance's year.
  if (target !== openedFor) {
    setOpenedFor(target);
    if (target) {
      setValues({ amount: '', year: String(target.balance.year), note: '' });
      setErrors({});
      setFormError(null);
    }
  }

  function change(key: keyof AdjustmentValues, value: string) {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors((current) => {
      const { [key]: _gone, ...rest } = current;
      return rest;
    });
    setFormError(null);
  }

  function localErrors(body: BalanceAdjustmentBody): Record<string, string> {
    const result = balanceAdjustmentBodySchema.safeParse(body);
    const found: Record<string, string> = {};
    if (result.success) return found;
    for (const issue of result.error.issues) {
      const field = String(issue.path[0]);
      if (field === 'note') found.note ??= t('public.fill_fields');
      else if (field === 'year') found.year ??= t('hr.absences.adjust_year_invalid');
      else if (field === 'amount') {
        found.amount ??= issue.message.startsWith('absences.')
          ? t(issue.message)
          : t('hr.absences.adjust_amount_invalid');
      }
    }
    return found;
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!target) return;
    const required = t('public.fill_fields');
    const amountText = values.amount.trim().replace(',', '.');
    const body: BalanceAdjustmentBody = {
      employee_id: target.employeeId,
      absence_type: target.balance.absence_type,
      year: Number(values.year),
      amount: Number(amountText),
      note: values.note,
    };
    const local = localErrors(body);
    if (!amountText) local.amount = required;
    if (!values.year.trim()) local.year = required;
    if (Object.keys(local).length > 0) {
      setErrors(local);
      return;
    }
    try {
      await adjust.mutateAsync(body);
      snackbar.success(t('hr.absences.adjusted', { name: target.employeeName }));
      onClose();
    } catch (error) {
      const fields = readServerFieldErrors(error);
      if (fields === null) {
        setFormError(t('hr.absences.adjust_failed'));
        return;
      }
      const shown = Object.fromEntries(
        Object.entries(fields).filter(([field]) => (ADJUSTMENT_FIELDS as readonly string[]).includes(field)),
      );
      const others = Object.entries(fields)
        .filter(([field]) => !(field in shown))
        .map(([, message]) => message);
      setErrors(shown);
      setFormError(others.length > 0 ? others.join(' ') : null);
    }
  }

  const shownTarget = target ?? openedFor;
  return (
    <DialogFrame
      open={target !== null}
      onClose={onClose}
      title={
        shownTarget
          ? t('hr.absences.adjust_title', {
              type: typeName(shownTarget.balance.absence_type),
              name: shownTarget.employeeName,
            })
          : ''
      }
      closesOnOutsideClick={false}
    >
      <form className="absences__form" onSubmit={onSubmit} noValidate>
        <Field
          label={t(
            shownTarget?.balance.unit === 'hours'
              ? 'hr.absences.adjust_amount_hours'
              : 'hr.absences.adjust_amount',
          )}
          hint={t('hr.absences.adjust_amount_hint')}
          isRequired
          error={errors.amount}
        >
          {(control) => (
            <input
              {...control}
              data-autofocus="true"
              type="text"
              inputMode="decimal"
              required
              aria-required
              value={values.amount}
              onChange={(event) => change('amount', event.target.value)}
            />
          )}
        </Field>
        <Field label={t('hr.absences.adjust_year')} isRequired error={errors.year}>
          {(control) => (
            <input
              {...control}
              type="number"
              min={SETTINGS_YEAR_MIN}
              max={SETTINGS_YEAR_MAX}
              step={1}
              required
              value={values.year}
              onChange={(event) => change('year', event.target.value)}
            />
          )}
        </Field>
        <Field label={t('hr.absences.adjust_note')} isRequired error={errors.note}>
          {(control) => (
            <textarea
              {...control}
              rows={3}
              maxLength={500}
              required
              value={values.note}
              onChange={(event) => change('note', event.target.value)}
            />
          )}
        </Field>
        <FormError message={formError} />
        <DialogActions>
          <button type="submit" disabled={adjust.isPending}>
            {t('hr.absences.adjust_save')}
          </button>
          <button type="button" onClick={onClose}>
            {t('hr.absences.dismiss')}
          </button>
        </DialogActions>
      </form>
    </DialogFrame>
  );
}

/**
 * HR's view of one person's balances (management tab, AbsenceRequest `update_absence`): choose the
 * person, read each balance line by line, and adjust it by hand.
 */
export function EmployeeBalances({ types }: { types: readonly AbsenceType[] }) {
  const t = useT();
  const typeName = useTypeName(types);
  const people = useEmployeeRefs();
  const [employeeId, setEmployeeId] = useState<number | null>(null);
  const balances = useEmployeeBalance(employeeId);
  const [adjusting, setAdjusting] = useState<AdjustmentTarget | null>(null);
  const employeeName = people.data?.find((person) => person.id === employeeId)?.name ?? '';
  return (
    <section className="absences__section" aria-labelledby="employee-balances-heading">
      <h2 id="employee-balances-heading">{t('hr.absences.employee_balances')}</h2>
      <QueryState
        isPending={people.isPending}
        isError={people.isError}
        error={people.error}
        onRetry={() => people.refetch()}
      >
        <Field label={t('hr.absences.employee')}>
          {(control) => (
            <select
              {...control}
              value={employeeId ?? ''}
              onChange={(event) => setEmployeeId(event.target.value ? Number(event.target.value) : null)}
            >
              <option value="">{t('hr.absences.choose_employee')}</option>
              {people.data?.map((person) => (
                <option key={person.id} value={person.id}>
                  {person.name}
                </option>
              ))}
            </select>
          )}
        </Field>
      </QueryState>
      {employeeId !== null ? (
        <QueryState
          isPending={balances.isPending}
          isError={balances.isError}
          error={balances.error}
          onRetry={() => balances.refetch()}
        >
          {balances.data ? (
            <BalanceCards
              balances={balances.data}
              types={types}
              employeeId={employeeId}
              actions={(balance) => (
                <button type="button" onClick={() => setAdjusting({ employeeId, employeeName, balance })}>
                  {t('hr.absences.adjust', { type: typeName(balance.absence_type) })}
                </button>
              )}
            />
          ) : null}
        </QueryState>
      ) : null}
      <AdjustmentDialog target={adjusting} types={types} onClose={() => setAdjusting(null)} />
    </section>
  );
}
