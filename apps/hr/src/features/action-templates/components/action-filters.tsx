import type { DictionaryEntry } from '@kadry/shared/schemas/dictionaries';
import { useT } from '../../../lib/i18n';
import { useHrEventTemplates } from '../../../lib/local-db/use-dictionary';

// The filters of the HR actions (the widget's settings and the all-actions dialog): templates in the
// spec's `hr: { standard, custom }` groups (use-dictionary.ts hrTemplateGroupsOf), and the period (the
// person is the dashboard's PersonField, widget-parts.tsx).

type Group = { key: 'standard' | 'custom'; label: string; entries: DictionaryEntry[] };

function useTemplateGroups(): { groups: Group[]; isPending: boolean } {
  const t = useT();
  const templates = useHrEventTemplates();
  const groups: Group[] = [
    {
      key: 'standard',
      label: t('hr.action_templates.widget.templates_standard'),
      entries: templates.data?.standard ?? [],
    },
    {
      key: 'custom',
      label: t('hr.action_templates.widget.templates_custom'),
      entries: templates.data?.custom ?? [],
    },
  ];
  return { groups: groups.filter((group) => group.entries.length > 0), isPending: templates.isPending };
}

/**
 * The widget's template filter (none ticked: every template): the standard templates in the spec's
 * order, then the company's own, as two labelled groups of checkboxes.
 */
export function TemplatesField({
  value,
  onChange,
}: {
  value: number[];
  onChange: (templateIds: number[]) => void;
}) {
  const t = useT();
  const { groups, isPending } = useTemplateGroups();
  return (
    <fieldset className="hr-actions__templates" aria-busy={isPending ? true : undefined}>
      <legend>{t('hr.action_templates.widget.templates')}</legend>
      <p className="hint">{t('hr.action_templates.widget.templates_hint')}</p>
      {groups.map((group) => (
        <fieldset key={group.key} className="hr-actions__template-group" data-group={group.key}>
          <legend>{group.label}</legend>
          <ul>
            {group.entries.map((template) => (
              <li key={template.id}>
                <label>
                  <input
                    type="checkbox"
                    checked={value.includes(template.id)}
                    onChange={(event) =>
                      onChange(
                        event.target.checked
                          ? [...value, template.id]
                          : value.filter((item) => item !== template.id),
                      )
                    }
                  />{' '}
                  {template.name}
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      ))}
    </fieldset>
  );
}

/** One template or every one, the same two groups as option groups. */
export function TemplateSelect({
  id,
  value,
  onChange,
}: {
  id: string;
  value: number | null;
  onChange: (templateId: number | null) => void;
}) {
  const t = useT();
  const { groups } = useTemplateGroups();
  return (
    <div className="field">
      <label htmlFor={`${id}-template`}>{t('hr.action_templates.all.template')}</label>
      <select
        id={`${id}-template`}
        value={value ?? ''}
        onChange={(event) => onChange(event.target.value === '' ? null : Number(event.target.value))}
      >
        <option value="">{t('hr.action_templates.all.every_template')}</option>
        {groups.map((group) => (
          <optgroup key={group.key} label={group.label}>
            {group.entries.map((template) => (
              <option key={template.id} value={template.id}>
                {template.name}
              </option>
            ))}
          </optgroup>
        ))}
      </select>
    </div>
  );
}

/** A period as the actions routes take it: each end a date or null (empty), the end not before the start. */
export type Period = { custom_period_start: string | null; custom_period_end: string | null };

/** The period's two date fields (the widget's settings and the all-actions dialog). */
export function PeriodFields({
  id,
  value,
  onChange,
}: {
  id: string;
  value: Period;
  onChange: (period: Partial<Period>) => void;
}) {
  const t = useT();
  return (
    <div className="hr-actions__settings-dates">
      <div className="field">
        <label htmlFor={`${id}-start`}>{t('hr.action_templates.widget.period_start')}</label>
        <input
          id={`${id}-start`}
          type="date"
          value={value.custom_period_start ?? ''}
          onChange={(event) => onChange({ custom_period_start: event.target.value || null })}
        />
      </div>
      <div className="field">
        <label htmlFor={`${id}-end`}>{t('hr.action_templates.widget.period_end')}</label>
        <input
          id={`${id}-end`}
          type="date"
          value={value.custom_period_end ?? ''}
          min={value.custom_period_start ?? undefined}
          onChange={(event) => onChange({ custom_period_end: event.target.value || null })}
        />
      </div>
    </div>
  );
}
