import { type SnackbarStore, snackbar } from './snackbar-store';
import { useSnackbars } from './use-snackbars';

const KIND_STYLES: Record<string, { background: string; color: string }> = {
  success: { background: '#065f46', color: '#ffffff' },
  error: { background: '#991b1b', color: '#ffffff' },
  info: { background: '#1e3a8a', color: '#ffffff' },
  warn: { background: '#92400e', color: '#ffffff' },
};

/**
 * Renders the open snackbars. Errors are announced at once (role alert), the rest politely (status).
 * `closeLabel` is the translated name of the close button.
 */
export function SnackbarHost({
  store = snackbar,
  closeLabel,
}: {
  store?: SnackbarStore;
  closeLabel: string;
}) {
  const items = useSnackbars(store);
  return (
    <div style={{ position: 'fixed', bottom: 16, left: '50%', transform: 'translateX(-50%)', zIndex: 1000 }}>
      {items.map((item) => (
        <div
          key={item.id}
          role={item.kind === 'error' ? 'alert' : 'status'}
          data-kind={item.kind}
          style={{
            ...KIND_STYLES[item.kind],
            display: 'flex',
            gap: 12,
            alignItems: 'center',
            marginTop: 8,
            padding: '12px 16px',
            borderRadius: 8,
            maxWidth: 860,
          }}
        >
          <span>{item.message}</span>
          <button
            type="button"
            aria-label={closeLabel}
            onClick={() => store.dismiss(item.id)}
            style={{
              background: 'transparent',
              color: 'inherit',
              border: 0,
              cursor: 'pointer',
              fontSize: 18,
            }}
          >
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
