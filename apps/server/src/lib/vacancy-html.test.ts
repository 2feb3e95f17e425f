import { describe, expect, it } from 'vitest';
import { isAutolinkable, renderVacancyHtml } from './vacancy-html';

describe('renderVacancyHtml', () => {
  it('returns null for empty, blank and tag-only bodies', () => {
    expect(renderVacancyHtml(null)).toBeNull();
    expect(renderVacancyHtml('   ')).toBeNull();
    expect(renderVacancyHtml('<p> </p><br>')).toBeNull();
  });

  it('removes scripts, event handlers and javascript: URLs', () => {
    const html = renderVacancyHtml(
      '<p onclick="alert(1)">Hi<script>alert(2)</script><img src=x onerror="alert(3)"><a href="javascript:alert(4)">x</a></p>',
    );
    expect(html).not.toMatch(/script|onerror|onclick|javascript:|<img/i);
    expect(html).toContain('Hi');
  });

  it('turns http(s) URLs and bare domains with a listed TLD into safe links', () => {
    const html =
      renderVacancyHtml('<p>See https://example.com/benefits and northwind.io/team or notes.txt</p>') ?? '';
    expect(html).toContain(
      '<a href="https://example.com/benefits" target="_blank" rel="noopener noreferrer nofollow">',
    );
    expect(html).toContain('href="https://northwind.io/team"');
    expect(html).not.toContain('href="https://notes.txt"');
  });

  it('keeps existing links and makes them open safely', () => {
    const html = renderVacancyHtml('<a href="https://kadry.dev">Kadry</a>') ?? '';
    expect(html).toBe(
      '<a href="https://kadry.dev" target="_blank" rel="noopener noreferrer nofollow">Kadry</a>',
    );
  });

  it('demotes h1 so the page keeps a single h1', () => {
    expect(renderVacancyHtml('<h1>About</h1>')).toBe('<h2>About</h2>');
  });

  it('keeps paragraphs and line breaks of plain text', () => {
    expect(renderVacancyHtml('One\ntwo\n\nThree <b')).toBe('<p>One<br />two</p><p>Three &lt;b</p>');
  });
});

describe('isAutolinkable', () => {
  it('accepts any http(s) URL and the listed TLDs only', () => {
    expect(isAutolinkable('http://x.example')).toBe(true);
    expect(isAutolinkable('kadry.ua')).toBe(true);
    expect(isAutolinkable('kadry.xyz')).toBe(false);
  });
});
