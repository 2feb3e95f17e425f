import type { FormField } from '@kadry/shared/schemas/form';
import type { FieldValue, FieldValueKind } from '@kadry/shared/validation/form-values';
import type { DropdownPlacement } from '../dropdown-placement';
import type { FieldIds } from '../field-shell';

/** The value of one kind of field in the browser's form model. */
export type ValueOf<K extends FieldValueKind> = Extract<FieldValue<File>, { kind: K }>;

/** What every input of the form receives from the field around it. */
export type FieldInputProps<K extends FieldValueKind> = {
  field: FormField;
  value: ValueOf<K>;
  /**
   * Reports a new value. `isIncomplete` marks one still being typed (a half-entered date): an eager
   * field then waits for it to be complete, or for blur, before validating.
   */
  onChange: (value: ValueOf<K>, options?: { isIncomplete?: boolean }) => void;
  ids: FieldIds;
  /** ids of the hint and error for `aria-describedby`. */
  describedBy: string | undefined;
  isInvalid: boolean;
  /** Where this field's dropdowns open (spec §9). */
  placement: DropdownPlacement;
};
