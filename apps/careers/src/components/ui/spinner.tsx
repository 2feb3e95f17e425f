/** A busy indicator that screen readers announce by its label. */
export function Spinner({ label, className }: { label: string; className?: string }) {
  return (
    <span className={`spinner-wrap${className ? ` ${className}` : ''}`} role="status">
      <span className="spinner" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </span>
  );
}
