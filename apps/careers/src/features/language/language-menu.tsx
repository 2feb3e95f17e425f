import { Menu, MenuButton, MenuItem, MenuProvider, useMenuStore } from '@ariakit/react/menu';
import type { LanguageEntry } from '@kadry/shared/schemas/page-data';
import { useEffect } from 'react';
import { CheckIcon } from '../../components/ui/icons';
import { buildLanguageUrl } from './build-language-url';
import { LanguageButtonContent } from './language-button-content';

export type LanguageMenuProps = {
  languages: readonly LanguageEntry[];
  current: LanguageEntry;
  pathname: string;
  search: string;
  label: string;
  /** How the visitor opened it: from the keyboard focus goes to the first entry, as the ARIA pattern says. */
  openedBy: 'pointer' | 'keyboard';
};

/**
 * The language menu on Ariakit's accessible menu: arrow keys, Home/End, typeahead, Escape and focus
 * return work as the ARIA menu pattern says. Each entry is a real link, so choosing one reloads the
 * page in that language (spec §2.3). Loaded on first use by LanguageSwitcher (~40 KB gzipped).
 */
export function LanguageMenu({ languages, current, pathname, search, label, openedBy }: LanguageMenuProps) {
  const menu = useMenuStore({ placement: 'bottom-end' });
  // Opened after mounting, as MenuButton would on a press, so Ariakit moves focus into the menu
  // (a menu that mounts already open keeps focus where it was).
  useEffect(() => {
    menu.setAutoFocusOnShow(true);
    menu.setInitialFocus(openedBy === 'keyboard' ? 'first' : 'container');
    menu.show();
  }, [menu, openedBy]);
  return (
    <MenuProvider store={menu}>
      <MenuButton className="language-switcher__button" aria-label={`${label}: ${current.name}`}>
        <LanguageButtonContent current={current} />
      </MenuButton>
      <Menu className="language-switcher__menu" gutter={6} aria-label={label}>
        {languages.map((entry) => {
          const isCurrent = entry.code === current.code;
          return (
            <MenuItem
              key={entry.code}
              className="language-switcher__item"
              render={<a href={buildLanguageUrl(pathname, search, entry.code)} hrefLang={entry.code} />}
              aria-current={isCurrent ? 'true' : undefined}
            >
              <span className="language-switcher__emoji" aria-hidden="true">
                {entry.emoji}
              </span>
              <span className="language-switcher__item-name" lang={entry.code}>
                {entry.name}
              </span>
              <span className="language-switcher__code" aria-hidden="true">
                {entry.code.toUpperCase()}
              </span>
              {isCurrent ? <CheckIcon className="language-switcher__check" /> : null}
            </MenuItem>
          );
        })}
      </Menu>
    </MenuProvider>
  );
}
