import { VACANCY_STATUSES, vacancyStatusColor } from '@kadry/shared/schemas/recruiting';
import { useT } from '../../lib/i18n';

/** The translation key of a vacancy status id; unknown ids read as "other". */
export function getStatusKey(statusId: number): string {
  const status = VACANCY_STATUSES.find((item) => item.id === statusId);
  return `hr.vacancies.status.${status?.key ?? 'other'}`;
}

/** A vacancy status as a coloured chip (spec §3.2: colours by id). The text carries the meaning, not the colour alone. */
export function StatusChip({ statusId }: { statusId: number }) {
  const t = useT();
  const color = vacancyStatusColor(statusId);
  return (
    <span className={`chip chip--${color}`} data-color={color}>
      {t(getStatusKey(statusId))}
    </span>
  );
}
