import { type ReactNode, useId } from 'react';

/** What a field gives its control: the id its label points at, and its error and hint for screen readers. */
export type FieldControlProps = {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
};

/**
 * A labelled form field: the label (with a visual asterisk when required; the control itself says
 * aria-required), the control, a hint and the field's error, the last two tied to the control.
 */
export function Field({
  label,
  isRequired = false,
  hint,
  error,
  children,
}: {
  label: ReactNode;
  isRequired?: boolean;
  hint?: ReactNode;
  error?: string | null;
  /** Renders the control with the given props spread on it. */
  children: (control: FieldControlProps) => ReactNode;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
  return (
    <div className="field">
      <label htmlFor={id}>
        {label}
        {isRequired ? <span aria-hidden="true"> *</span> : null}
      </label>
      {children({
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy || undefined,
      })}
      {hint ? (
        <p className="hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      <FieldError id={errorId} message={error} />
    </div>
  );
}

/** A field's error message, for a control or group that points at `id` with aria-describedby. */
export function FieldError({ id, message }: { id: string; message?: string | null }) {
  return message ? (
    <p className="field-error" id={id}>
      {message}
    </p>
  ) : null;
}

/**
 * A failure that is not about one field, announced where it happened (inside a modal dialog the
 * snackbars are hidden from screen readers).
 */
export function FormError({ message }: { message: string | null }) {
  return message ? (
    <p role="alert" className="field-error">
      {message}
    </p>
  ) : null;
}
