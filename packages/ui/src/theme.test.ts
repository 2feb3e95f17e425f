import type { CareersSettings } from '@kadry/shared/schemas/page-data';
import { describe, expect, it } from 'vitest';
import {
  checkSurfaceContrast,
  createThemeStyle,
  DARK_TEXT,
  ensureReadable,
  getContrastRatio,
  LIGHT_TEXT,
} from './theme';

function settings(colors: CareersSettings['colors'], font: string | null = null): CareersSettings {
  return { name: 'Acme', avatar_src: null, font, colors, indexing: true };
}

function readVar(style: object, name: string): unknown {
  return (style as Record<string, unknown>)[name];
}

describe('contrast', () => {
  it('computes the WCAG ratio', () => {
    expect(getContrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(getContrastRatio('#777', '#fff')).toBeCloseTo(4.48, 2);
    expect(getContrastRatio('red', '#fff')).toBeNull();
  });

  it('keeps a readable colour and replaces an unreadable one', () => {
    expect(ensureReadable('#1d4ed8', '#ffffff')).toBe('#1d4ed8');
    expect(ensureReadable('#ffeb3b', '#ffffff')).toBe(DARK_TEXT);
  });
});

describe('createThemeStyle', () => {
  it('puts light text on a dark header and dark text on a light button', () => {
    const style = createThemeStyle(settings({ background: '#ffffff', header: '#1f2937', button: '#ffd43b' }));
    expect(readVar(style, '--kadry-header-text')).toBe(LIGHT_TEXT);
    expect(readVar(style, '--kadry-button-text')).toBe(DARK_TEXT);
    expect(readVar(style, '--kadry-text')).toBe(DARK_TEXT);
  });

  it('does not use a button colour for links when it would be unreadable on the background', () => {
    const style = createThemeStyle(settings({ background: '#ffffff', header: '#000000', button: '#ffd43b' }));
    expect(readVar(style, '--kadry-accent')).toBe(DARK_TEXT);
  });

  it('falls back to defaults for colours that are not hex and strips CSS from the font name', () => {
    const style = createThemeStyle(
      settings({ background: 'url(x)', header: '#123', button: '#2563eb' }, 'Roboto"; color: red'),
    );
    expect(readVar(style, '--kadry-bg')).toBe('#ffffff');
    expect(readVar(style, '--kadry-font')).toBe('"Roboto color red"');
  });
});

describe('checkSurfaceContrast', () => {
  it('passes colours some text reads on at 4.5:1 and fails mid greys', () => {
    expect(checkSurfaceContrast('#ffffff').passes).toBe(true);
    expect(checkSurfaceContrast('#1d4ed8').passes).toBe(true);
    const grey = checkSurfaceContrast('#777777');
    expect(grey.passes).toBe(false);
    expect(grey.ratio).toBeGreaterThan(4.4);
    expect(grey.ratio).toBeLessThan(4.5);
  });
});
