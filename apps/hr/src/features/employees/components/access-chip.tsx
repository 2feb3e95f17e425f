import type { EmployeeListItem } from '@kadry/shared/schemas/employees';
import { useT } from '../../../lib/i18n';

const ACCESS_COLOR = { none: 'grey', invited: 'orange', active: 'green', disabled: 'grey' } as const;

/** Whether the employee can sign in: no account, invited, active or disabled (the text carries it). */
export function AccessChip({ access }: { access: EmployeeListItem['access'] }) {
  const t = useT();
  return (
    <span className={`chip chip--${ACCESS_COLOR[access]}`} data-color={ACCESS_COLOR[access]}>
      {t(`hr.employees.access.${access}`)}
    </span>
  );
}

/** The employee's photo, or their initials when there is none; decorative beside the name. */
export function EmployeeAvatar({
  name,
  photoUrl,
  size = 'small',
}: {
  name: string;
  photoUrl: string | null;
  size?: 'small' | 'large';
}) {
  const initials = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase() ?? '')
    .join('');
  return photoUrl ? (
    <img className={`employee-avatar employee-avatar--${size}`} src={photoUrl} alt="" />
  ) : (
    <span className={`employee-avatar employee-avatar--${size}`} aria-hidden="true">
      {initials}
    </span>
  );
}
