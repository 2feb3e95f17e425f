import { numberOfPositionsPattern } from '@kadry/shared/validation/rules';
import { IMaskInput } from 'react-imask';

/** What the mask lets through while typing: up to 4 digits (a leading 0 is left to the rule, to be explained). */
export function isPositionsDraft(value: string): boolean {
  return /^\d{0,4}$/.test(value);
}

/**
 * The field's rule (spec §9: 4 digits, the first not zero); empty means "not set".
 * A mask that silently dropped a 0 left the field empty and saved "no positions" over the old value.
 */
export function isPositionsValue(value: string): boolean {
  return value === '' || numberOfPositionsPattern.test(value);
}

/** The number-of-positions input, masked to digits; the editor's rule refuses what is not 1–9999. */
export function PositionsInput({
  id,
  value,
  onChange,
  onBlur,
  describedBy,
  isInvalid,
  inputRef,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  describedBy?: string;
  isInvalid?: boolean;
  inputRef?: (element: HTMLInputElement | null) => void;
}) {
  return (
    <IMaskInput
      id={id}
      mask={isPositionsDraft}
      value={value}
      inputMode="numeric"
      aria-describedby={describedBy}
      aria-invalid={isInvalid ? true : undefined}
      inputRef={inputRef}
      onBlur={onBlur}
      onAccept={(next: string) => onChange(next)}
    />
  );
}
