import type { LanguageEntry } from '@kadry/shared/schemas/page-data';
import { ChevronDownIcon } from '@kadry/ui/icons';
import { getShortLanguageLabel } from './build-language-url';

/** The switcher button's face: emoji (alone on narrow screens), name and a chevron. */
export function LanguageButtonContent({ current }: { current: LanguageEntry }) {
  return (
    <>
      <span className="language-switcher__emoji" aria-hidden="true">
        {getShortLanguageLabel(current)}
      </span>
      <span className="language-switcher__name">{current.name}</span>
      <ChevronDownIcon className="language-switcher__chevron" />
    </>
  );
}
