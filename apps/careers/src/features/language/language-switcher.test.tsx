import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makePageData } from '../../test/fixtures';
import { LanguageSwitcher } from './language-switcher';

const { languages } = makePageData();

function renderSwitcher(search = '', currentLanguage = 'en') {
  return render(
    <LanguageSwitcher
      languages={languages}
      currentLanguage={currentLanguage}
      pathname="/careers/7"
      search={search}
      label="Language"
    />,
  );
}

describe('LanguageSwitcher', () => {
  it('names the current language on a menu button', () => {
    renderSwitcher('', 'uk');
    const button = screen.getByRole('button', { name: 'Language: Українська' });
    expect(button).toHaveAttribute('aria-haspopup', 'menu');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveTextContent('🇺🇦');
  });

  it('opens a menu of the offered languages, each a link that reloads with lang (after source)', async () => {
    const user = userEvent.setup();
    renderSwitcher('?source=x');
    await user.click(screen.getByRole('button', { name: 'Language: English' }));
    const menu = await screen.findByRole('menu', { name: 'Language' });
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual(['🇬🇧EnglishEN', '🇷🇺РусскийRU', '🇺🇦УкраїнськаUK']);
    expect(within(menu).getByRole('menuitem', { name: /Українська/ })).toHaveAttribute(
      'href',
      '/careers/7?source=x&lang=uk',
    );
    expect(within(menu).getByRole('menuitem', { name: /English/ })).toHaveAttribute('aria-current', 'true');
  });

  // Arrow keys, Escape and focus return need real layout (Ariakit skips elements jsdom reports as
  // invisible); e2e/careers/language.spec.ts covers them in Chromium.
  it.each(['{Enter}', ' ', '{ArrowDown}'])('opens from the keyboard with %s', async (key) => {
    const user = userEvent.setup();
    renderSwitcher();
    await user.tab();
    await user.keyboard(key);
    expect(await screen.findByRole('menu')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Language: English' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
  });

  it('is not shown when the company offers one language', () => {
    render(
      <LanguageSwitcher
        languages={languages.slice(0, 1)}
        currentLanguage="en"
        pathname="/"
        search=""
        label="L"
      />,
    );
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
