/**
 * The end of an account form: the notice that the page is about to load again (after a change the
 * page data or the session must catch up with), and Save, which rests while saving or reloading.
 */
export function FormFooter({
  notice,
  isPending,
  submitLabel,
}: {
  notice: string | null;
  isPending: boolean;
  submitLabel: string;
}) {
  return (
    <>
      {notice ? (
        <p role="status" className="notice">
          {notice}
        </p>
      ) : null}
      <button type="submit" className="primary" disabled={isPending || notice !== null}>
        {submitLabel}
      </button>
    </>
  );
}
