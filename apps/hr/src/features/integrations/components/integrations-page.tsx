import { PageHeading } from '../../../components/ui/page-heading';
import { useT } from '../../../lib/i18n';
import { ApiTokensSection } from './api-tokens-section';
import { WebhooksSection } from './webhooks-section';
import './integrations.css';

/** Settings → Integrations (owners only): API tokens and webhooks (docs/webhooks.md). */
export function IntegrationsPage() {
  const t = useT();
  return (
    <section className="integrations">
      <PageHeading>{t('hr.integrations.title')}</PageHeading>
      <p className="hint">{t('hr.integrations.intro')}</p>
      <ApiTokensSection />
      <WebhooksSection />
    </section>
  );
}
