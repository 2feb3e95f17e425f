import { FormError } from './field';

/**
 * The bar under a long editor (a permission matrix, a member list) that says what is unsaved and holds
 * Discard and Save; it stays in reach while the editor scrolls. Both buttons use aria-disabled, not
 * disabled, so a button keeps focus when a save or discard leaves nothing to do; their handlers are
 * called only while `canSave`.
 */
export function SaveBar({
  status,
  error,
  canSave,
  onDiscard,
  onSave,
  discardLabel,
  saveLabel,
}: {
  /** What is unsaved (or that nothing is), announced as it changes. */
  status: string;
  /** Why the last save failed. */
  error: string | null;
  canSave: boolean;
  onDiscard: () => void;
  /** Left out inside a form: Save submits it, and the form's handler checks `canSave`. */
  onSave?: () => void;
  discardLabel: string;
  saveLabel: string;
}) {
  return (
    <div className="save-bar">
      <p className="save-bar__status" role="status">
        {status}
      </p>
      <FormError message={error} />
      <button type="button" aria-disabled={!canSave} onClick={() => canSave && onDiscard()}>
        {discardLabel}
      </button>
      <button
        type={onSave ? 'button' : 'submit'}
        className="primary"
        aria-disabled={!canSave}
        onClick={onSave ? () => canSave && onSave() : undefined}
      >
        {saveLabel}
      </button>
    </div>
  );
}
