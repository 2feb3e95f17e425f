import en from '@kadry/shared/i18n/en.json';
import { render, screen, waitFor } from '@testing-library/react';
import { find } from 'linkifyjs';
import { describe, expect, it, vi } from 'vitest';
import { I18nProvider } from '../../../lib/i18n';
import { isAllowedLink, RichTextEditor } from './rich-text-editor';

// linkifyjs keeps the console.warn it finds when first imported: spy before any import.
const warn = vi.hoisted(() => vi.spyOn(console, 'warn'));

describe('rich-text editor (issue 18)', () => {
  it('mounts several editors, with links typed in them, without linkifyjs "already initialized" warnings', async () => {
    const onChange = vi.fn();
    // Another editor of the page (or an earlier visit to it) already ran linkify: it is initialized.
    expect(find('https://kadry.test').length).toBe(1);
    const { rerender } = render(
      <>
        <span id="a-label">First</span>
        <RichTextEditor id="a" labelId="a-label" value="<p>See https://example.com</p>" onChange={onChange} />
      </>,
      {
        wrapper: ({ children }) => (
          <I18nProvider locale="en" catalog={en}>
            {children}
          </I18nProvider>
        ),
      },
    );
    // The vacancy arrives after the editor was made: its text replaces the content (autolink reads it).
    rerender(
      <>
        <span id="a-label">First</span>
        <RichTextEditor
          id="a"
          labelId="a-label"
          value="<p>See https://example.com and https://kadry.test </p>"
          onChange={onChange}
        />
      </>,
    );
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'First' })).toHaveTextContent('kadry.test'),
    );
    rerender(
      <>
        <span id="a-label">First</span>
        <RichTextEditor id="a" labelId="a-label" value="<p>See https://example.com</p>" onChange={onChange} />
        <span id="b-label">Second</span>
        <RichTextEditor id="b" labelId="b-label" value={null} onChange={onChange} />
        <span id="c-label">Third</span>
        <RichTextEditor id="c" labelId="c-label" value={null} onChange={onChange} />
      </>,
    );
    expect(screen.getByRole('textbox', { name: 'Third' })).toBeInTheDocument();
    expect(warn.mock.calls.filter((call) => String(call[0]).includes('linkifyjs'))).toEqual([]);
  });
});

describe('links in a vacancy text', () => {
  it('keeps http(s), mailto and relative links, and drops other schemes', () => {
    expect(
      ['https://kadry.test', 'http://a.test/x', 'mailto:hr@kadry.test', '/careers', '#top'].every(
        isAllowedLink,
      ),
    ).toBe(true);
    expect(
      ['javascript:alert(1)', 'java\nscript:alert(1)', 'tel:+380', 'data:text/html,x'].some(isAllowedLink),
    ).toBe(false);
  });
});
