import { getRequestErrorMessage } from '@kadry/ui/request-error-message';
import { type FormEvent, type ReactNode, useRef, useState } from 'react';

import { readServerFieldErrors } from '../../lib/form-errors';
import { DialogActions } from './dialog-frame';
import { Field, FormError } from './field';

/**
 * The state of a required name input (a dialog's or an editor's): its text, its error and the means
 * to move focus to it when something is wrong with it.
 */
export function useNameInput(initialName: string, requiredMessage: string) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [value, setValue] = useState(initialName);
  const [error, setError] = useState<string | null>(null);
  const showError = (message: string) => {
    setError(message);
    inputRef.current?.focus();
  };
  return {
    value,
    setValue,
    error,
    setError,
    inputRef,
    /** The trimmed name; null (said at the field, focus moved there) when nothing is typed. */
    read: (): string | null => {
      const trimmed = value.trim();
      if (!trimmed) {
        showError(requiredMessage);
        return null;
      }
      setError(null);
      return trimmed;
    },
    /** Says a failed save's message about the name (422 under `name`) at the field; false for any other failure. */
    showServerError: (failure: unknown): boolean => {
      const message = readServerFieldErrors(failure)?.name;
      if (message) showError(message);
      return message !== undefined;
    },
  };
}

/**
 * A dialog's form around one name (create or rename something): the name is trimmed and required; an
 * unchanged name just closes; the server's message about the name goes under the field, any other
 * failure above the buttons. Focus starts on the name and returns to it on an error.
 */
export function NameForm({
  label,
  initialName = '',
  maxLength,
  requiredMessage,
  submitLabel,
  cancelLabel,
  onSubmit,
  onCancel,
  children,
}: {
  label: string;
  /** The current name when renaming; empty when creating. */
  initialName?: string;
  /** The contract's longest name. */
  maxLength: number;
  requiredMessage: string;
  submitLabel: string;
  cancelLabel: string;
  /** Saves the trimmed name (and closes); a failure it throws is shown. */
  onSubmit: (name: string) => Promise<void>;
  onCancel: () => void;
  /** More fields, after the name. */
  children?: ReactNode;
}) {
  const name = useNameInput(initialName, requiredMessage);
  const [formError, setFormError] = useState<string | null>(null);
  const [isPending, setIsPending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (isPending) return;
    const trimmed = name.read();
    if (trimmed === null) return;
    if (initialName && trimmed === initialName) {
      onCancel();
      return;
    }
    setFormError(null);
    setIsPending(true);
    try {
      await onSubmit(trimmed);
    } catch (error) {
      if (!name.showServerError(error)) setFormError(getRequestErrorMessage(error));
    } finally {
      setIsPending(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <NameField label={label} name={name} maxLength={maxLength} isFocusedFirst />
      {children}
      <FormError message={formError} />
      <DialogActions>
        <button type="submit" className="primary" disabled={isPending}>
          {submitLabel}
        </button>
        <button type="button" onClick={onCancel}>
          {cancelLabel}
        </button>
      </DialogActions>
    </form>
  );
}

/** The input of a `useNameInput` with its label and error. */
export function NameField({
  label,
  name,
  maxLength,
  isFocusedFirst = false,
}: {
  label: string;
  name: Pick<ReturnType<typeof useNameInput>, 'value' | 'setValue' | 'error' | 'inputRef'>;
  maxLength: number;
  /** Where a dialog puts focus when it opens (Ariakit looks for data-autofocus). */
  isFocusedFirst?: boolean;
}) {
  return (
    <Field label={label} error={name.error}>
      {(control) => (
        <input
          {...control}
          ref={name.inputRef}
          type="text"
          value={name.value}
          maxLength={maxLength}
          required
          data-autofocus={isFocusedFirst || undefined}
          onChange={(event) => name.setValue(event.target.value)}
        />
      )}
    </Field>
  );
}
