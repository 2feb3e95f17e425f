import type { LanguageEntry } from '@kadry/shared/schemas/page-data';
import { type KeyboardEvent, lazy, Suspense, useState } from 'react';
import { LanguageButtonContent } from './language-button-content';
import type { LanguageMenuProps } from './language-menu';

function importLanguageMenu() {
  return import('./language-menu');
}

const LazyLanguageMenu = lazy(() =>
  importLanguageMenu().then((module) => ({ default: module.LanguageMenu })),
);

function preloadLanguageMenu(): void {
  void importLanguageMenu().catch(() => {
    // React.lazy retries when the menu actually renders.
  });
}

const OPENING_KEYS = new Set(['Enter', ' ', 'ArrowDown', 'ArrowUp']);

/**
 * The language dropdown (spec §2.3). The page first renders a plain menu button; the accessible menu
 * itself (Ariakit) downloads when the visitor reaches for it — hover, focus or press — and opens at
 * once. This keeps ~40 KB of gzipped JavaScript off the first load of every list and details page.
 */
export function LanguageSwitcher({
  languages,
  currentLanguage,
  pathname,
  search,
  label,
}: {
  languages: readonly LanguageEntry[];
  currentLanguage: string;
  pathname: string;
  search: string;
  label: string;
}) {
  const [openedBy, setOpenedBy] = useState<LanguageMenuProps['openedBy'] | null>(null);
  const current = languages.find((entry) => entry.code === currentLanguage) ?? languages[0];
  if (!current || languages.length < 2) return null;

  const placeholder = (
    <button
      type="button"
      className="language-switcher__button"
      aria-haspopup="menu"
      aria-expanded={false}
      aria-label={`${label}: ${current.name}`}
      onPointerEnter={preloadLanguageMenu}
      onFocus={preloadLanguageMenu}
      onClick={() => setOpenedBy((by) => by ?? 'pointer')}
      onKeyDown={(event: KeyboardEvent) => {
        if (!OPENING_KEYS.has(event.key)) return;
        event.preventDefault();
        setOpenedBy('keyboard');
      }}
    >
      <LanguageButtonContent current={current} />
    </button>
  );
  if (!openedBy) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <LazyLanguageMenu
        languages={languages}
        current={current}
        pathname={pathname}
        search={search}
        label={label}
        openedBy={openedBy}
      />
    </Suspense>
  );
}
