import { numberOfPositionsPattern } from '@kadry/shared/validation/rules';
import { IMaskInput } from 'react-imask';

/** Whether a partly typed value can still become a number of positions (4 digits, first not zero). */
export function isPositionsDraft(value: string): boolean {
  return value === '' || numberOfPositionsPattern.test(value);
}

/** The number-of-positions input, masked: only up to 4 digits, the first not zero (spec §5). */
export function PositionsInput({
  id,
  value,
  onChange,
  describedBy,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  describedBy?: string;
}) {
  return (
    <IMaskInput
      id={id}
      mask={isPositionsDraft}
      value={value}
      inputMode="numeric"
      aria-describedby={describedBy}
      onAccept={(next: string) => onChange(next)}
    />
  );
}
