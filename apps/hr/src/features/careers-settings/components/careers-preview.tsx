import type { StaffCareersSettings } from '@kadry/shared/schemas/recruiting';
import { createThemeStyle } from '@kadry/ui/theme';
import { useT } from '../../../lib/i18n';

/**
 * A small live picture of the careers site with the colours and font being edited, using the site's
 * own theme function, so the preview shows exactly the fallbacks the site would apply.
 */
export function CareersPreview({
  name,
  logoUrl,
  font,
  colors,
}: {
  name: string;
  logoUrl: string | null;
  font: string | null;
  colors: StaffCareersSettings['colors'];
}) {
  const t = useT();
  const theme = createThemeStyle({ name, avatar_src: logoUrl, font, colors, indexing: false });
  return (
    <figure className="panel" aria-label={t('hr.careers_settings.preview')} style={{ margin: 0 }}>
      <figcaption className="hint">{t('hr.careers_settings.preview')}</figcaption>
      <div
        data-testid="careers-preview"
        style={{
          ...theme,
          background: 'var(--kadry-bg)',
          color: 'var(--kadry-text)',
          fontFamily: 'var(--kadry-font, system-ui), system-ui, sans-serif',
          border: '1px solid #d1d5db',
          borderRadius: 8,
          overflow: 'hidden',
        }}
      >
        <div
          style={{
            background: 'var(--kadry-header-bg)',
            color: 'var(--kadry-header-text)',
            padding: '8px 12px',
            display: 'flex',
            alignItems: 'center',
            gap: 8,
            fontWeight: 600,
          }}
        >
          {logoUrl ? <img src={logoUrl} alt="" width={24} height={24} /> : null}
          <span>{name}</span>
        </div>
        <div style={{ padding: 12 }}>
          <p style={{ fontSize: 18, fontWeight: 600, margin: '0 0 8px' }}>
            {t('hr.careers_settings.preview_heading')}
          </p>
          <p style={{ margin: '0 0 12px' }}>{t('hr.careers_settings.preview_text')}</p>
          <span
            style={{
              display: 'inline-block',
              background: 'var(--kadry-button-bg)',
              color: 'var(--kadry-button-text)',
              padding: '6px 12px',
              borderRadius: 6,
            }}
          >
            {t('hr.careers_settings.preview_button')}
          </span>
        </div>
      </div>
    </figure>
  );
}
