import { updateEmployeeBodySchema } from '@kadry/shared/schemas/employees';
import { getRequestErrorMessage } from '@kadry/ui/request-error-message';
import { useState } from 'react';
import {
  type DefaultValues,
  type FieldValues,
  type Path,
  type UseFormReturn,
  useForm,
} from 'react-hook-form';
import type { z } from 'zod';
import { Field } from '../../../components/ui/field';
import { ApiError } from '../../../lib/api-client';
import { applyServerFieldErrors, createZodResolver, focusFirstInvalidField } from '../../../lib/form-errors';
import { useT } from '../../../lib/i18n';
import { describeEmployeeIssue } from './employee-form-values';

type Option = { id: number | string; name: string };

/** A labelled text-like input bound to a form field, with its error under it. */
export function TextField<TValues extends FieldValues>({
  form,
  name,
  label,
  type = 'text',
  isRequired = false,
  max,
  autoComplete,
}: {
  form: UseFormReturn<TValues>;
  name: Path<TValues>;
  label: string;
  type?: 'text' | 'email' | 'tel' | 'date' | 'url' | 'number';
  isRequired?: boolean;
  /** The latest date a date field takes (YYYY-MM-DD). */
  max?: string;
  autoComplete?: string;
}) {
  const error = form.formState.errors[name]?.message;
  return (
    <Field label={label} isRequired={isRequired} error={typeof error === 'string' ? error : null}>
      {(control) => (
        <input
          {...control}
          {...form.register(name)}
          type={type}
          max={max}
          autoComplete={autoComplete}
          aria-required={isRequired || undefined}
        />
      )}
    </Field>
  );
}

/** A labelled select bound to a form field; its first choice, "Not set", is ''. */
export function SelectField<TValues extends FieldValues>({
  form,
  name,
  label,
  options,
  isRequired = false,
  emptyLabel,
}: {
  form: UseFormReturn<TValues>;
  name: Path<TValues>;
  label: string;
  options: readonly Option[];
  isRequired?: boolean;
  emptyLabel?: string;
}) {
  const t = useT();
  const error = form.formState.errors[name]?.message;
  return (
    <Field label={label} isRequired={isRequired} error={typeof error === 'string' ? error : null}>
      {(control) => (
        // Options that arrive after the form (a dictionary still loading) mount the select again, so
        // it shows the form's value instead of keeping "Not set".
        <select
          key={options.length}
          {...control}
          {...form.register(name)}
          aria-required={isRequired || undefined}
        >
          <option value="">{emptyLabel ?? t('hr.employees.not_set')}</option>
          {options.map((option) => (
            <option key={option.id} value={String(option.id)}>
              {option.name}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

/**
 * A profile section's form: checked in the browser with the contract's update schema (the one the
 * server runs), sent as a partial update, the server's 422 messages put on their fields (spec §8:
 * anything else is said above the buttons, in the words getRequestErrorMessage picks).
 */
export function useEmployeeForm<TValues extends FieldValues, TBody>({
  defaultValues,
  toBody,
  fields,
  schema = updateEmployeeBodySchema,
  save,
  onDone,
}: {
  defaultValues: DefaultValues<TValues>;
  toBody: (values: TValues) => TBody;
  /** The form's fields in order (focus goes to the first with an error). */
  fields: readonly Path<TValues>[];
  schema?: z.ZodType;
  save: (body: TBody) => Promise<unknown>;
  onDone: () => void;
}) {
  const t = useT();
  const [formError, setFormError] = useState<string | null>(null);
  const [isSaving, setIsSaving] = useState(false);
  const form = useForm<TValues>({
    defaultValues,
    resolver: createZodResolver<TValues>(schema, toBody, (issue) => describeEmployeeIssue(issue, t)),
  });
  const onSubmit = form.handleSubmit(
    async (values) => {
      if (isSaving) return;
      setFormError(null);
      setIsSaving(true);
      try {
        await save(toBody(values));
        onDone();
      } catch (error) {
        // The message is in a snackbar already; a 422's field messages go next to their fields.
        const unplaced = applyServerFieldErrors(form, error, { fields });
        setFormError(
          unplaced ??
            (error instanceof ApiError && error.status === 422 ? null : getRequestErrorMessage(error)),
        );
      } finally {
        setIsSaving(false);
      }
    },
    (errors) => focusFirstInvalidField(form, errors, fields),
  );
  return { form, onSubmit, formError, isSaving };
}

/** The error of a list editor (links, languages, relatives), said where the list is. */
export function ListError({ message }: { message: string | undefined }) {
  return message ? (
    <p className="field-error" role="alert">
      {message}
    </p>
  ) : null;
}
