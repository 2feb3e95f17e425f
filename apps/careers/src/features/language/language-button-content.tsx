import type { LanguageEntry } from '@kadry/shared/schemas/page-data';
import { ChevronDownIcon } from '@kadry/ui/icons';
import { getShortLanguageLabel } from './build-language-url';

/**
 * The switcher button's face: emoji, name and a chevron; on narrow screens the name's first two letters
 * in place of both (a flag alone draws as an empty box where the font has no flags).
 */
export function LanguageButtonContent({ current }: { current: LanguageEntry }) {
  return (
    <>
      <span className="language-switcher__emoji" aria-hidden="true">
        {current.emoji}
      </span>
      <span className="language-switcher__name">{current.name}</span>
      <span className="language-switcher__short" aria-hidden="true" lang={current.code}>
        {getShortLanguageLabel(current)}
      </span>
      <ChevronDownIcon className="language-switcher__chevron" />
    </>
  );
}
