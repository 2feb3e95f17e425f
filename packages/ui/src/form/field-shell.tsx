import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslate } from '../i18n';

/** The ids that tie a field's title, hint and error to its controls. */
export type FieldIds = {
  /** The field's first focusable control: the label points at it and submit focuses it. */
  control: string;
  title: string;
  hint: string;
  error: string;
};

export function getFieldIds(prefix: string, index: number): FieldIds {
  const base = `${prefix}-field-${index}`;
  return { control: base, title: `${base}-title`, hint: `${base}-hint`, error: `${base}-error` };
}

/** The `aria-describedby` of a field's controls: its hint and, while there is one, its error. */
export function getDescribedBy(ids: FieldIds, hasHint: boolean, hasError: boolean): string | undefined {
  const parts = [hasHint ? ids.hint : null, hasError ? ids.error : null].filter(Boolean);
  return parts.length > 0 ? parts.join(' ') : undefined;
}

export type FieldVariant = 'label' | 'group' | 'bare';

/** The red asterisk of a required title (spec §5); screen readers hear 'required' from the controls. */
export function RequiredMark() {
  return (
    <span className="field__required" aria-hidden="true">
      {' *'}
    </span>
  );
}

/**
 * One field: its title (a <label> for single controls, a <legend> for groups), the control, a hint
 * and the error under it. `onLeave` runs when focus leaves the whole field, not when it moves between
 * the field's own parts (from → to of a salary, the input → its calendar).
 */
export function FieldShell({
  ids,
  title,
  isRequired,
  variant,
  hint,
  note,
  error,
  isPrefilled,
  onLeave,
  children,
}: {
  ids: FieldIds;
  title: string;
  isRequired: boolean;
  /**
   * 'label': one control named by a <label>; 'group': several controls (checkbox list, languages,
   * salary, files) in a fieldset named by its legend; 'bare': the control names itself (a checkbox).
   */
  variant: FieldVariant;
  hint?: string;
  /** A remark under the hint (the CV prefill note). */
  note?: string;
  error?: string;
  /** Filled in from the CV: highlighted until the candidate changes it. */
  isPrefilled?: boolean;
  onLeave?: () => void;
  children: ReactNode;
}) {
  const t = useTranslate();
  const rootRef = useRef<HTMLElement | null>(null);
  const onLeaveRef = useRef(onLeave);
  onLeaveRef.current = onLeave;
  useEffect(() => {
    const root = rootRef.current;
    if (!root) return;
    // focusout bubbles; leaving counts only when the newly focused element is outside the field.
    const handleFocusOut = (event: FocusEvent) => {
      const next = event.relatedTarget;
      if (next instanceof Node && root.contains(next)) return;
      onLeaveRef.current?.();
    };
    root.addEventListener('focusout', handleFocusOut);
    return () => root.removeEventListener('focusout', handleFocusOut);
  }, []);
  const className = `field${error ? ' field--invalid' : ''}${isPrefilled ? ' field--prefilled' : ''}`;
  const footer = (
    <>
      {hint ? (
        <p className="field__hint" id={ids.hint}>
          {hint}
        </p>
      ) : null}
      {note ? <p className="field__note">{note}</p> : null}
      {error ? (
        <p className="field__error" id={ids.error}>
          {error}
        </p>
      ) : null}
    </>
  );

  if (variant === 'group') {
    return (
      <fieldset
        className={`${className} field--group`}
        ref={(node) => {
          rootRef.current = node;
        }}
      >
        <legend className="field__title" id={ids.title}>
          {title}
          {isRequired ? (
            <>
              <RequiredMark />
              <span className="visually-hidden"> ({t('careers.form.required')})</span>
            </>
          ) : null}
        </legend>
        {children}
        {footer}
      </fieldset>
    );
  }
  if (variant === 'bare') {
    return (
      <div
        className={className}
        ref={(node) => {
          rootRef.current = node;
        }}
      >
        {children}
        {footer}
      </div>
    );
  }
  return (
    <div
      className={className}
      ref={(node) => {
        rootRef.current = node;
      }}
    >
      <label className="field__title" id={ids.title} htmlFor={ids.control}>
        {title}
        {isRequired ? <RequiredMark /> : null}
      </label>
      {children}
      {footer}
    </div>
  );
}
