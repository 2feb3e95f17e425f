import { Snackbar, SnackbarRegion } from './snackbar';
import type { SnackbarStore } from './snackbar-store';
import { useSnackbars } from './use-snackbars';

/** Renders the open snackbars of `store`, oldest first; each closes on its button or its timeout. */
export function SnackbarHost({ store, closeLabel }: { store: SnackbarStore; closeLabel: string }) {
  const items = useSnackbars(store);
  return (
    <SnackbarRegion>
      {items.map((item) => (
        <Snackbar
          key={item.id}
          kind={item.kind}
          message={item.message}
          closeLabel={closeLabel}
          onClose={() => store.dismiss(item.id)}
        />
      ))}
    </SnackbarRegion>
  );
}
