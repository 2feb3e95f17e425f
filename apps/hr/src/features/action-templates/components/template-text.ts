import type { ActionTemplateRef } from '@kadry/shared/schemas/action-templates';
import { useT } from '../../../lib/i18n';

// How a template's "when" reads: "On the day: Birthday", "7 days before: End of probation".

export function useSayTemplateWhen(): (
  template: Pick<ActionTemplateRef, 'trigger' | 'offset_days'>,
) => string {
  const t = useT();
  return ({ trigger, offset_days: offset }) => {
    const anchor = t(`hr.action_templates.trigger.${trigger}`);
    if (offset === 0) return t('hr.action_templates.when.on', { trigger: anchor });
    const days = t('hr.dashboard.days_count', { count: Math.abs(offset) });
    return t(offset < 0 ? 'hr.action_templates.when.before' : 'hr.action_templates.when.after', {
      days,
      trigger: anchor,
    });
  };
}
