import type { Translate } from '@kadry/shared/i18n/translator';
import type { BuiltInRole } from '@kadry/shared/schemas/auth';

// The names the server gives built-in roles (English, apps/server users.service.ts). A built-in role
// still carrying its default name is shown in the reader's language; a renamed one as the owner named it.
const DEFAULT_NAMES: Record<BuiltInRole, string> = {
  owner: 'Owner',
  hr: 'HR',
  recruiter: 'Recruiter',
  manager: 'Manager',
  employee: 'Employee',
};

export function getRoleLabel(role: { key: BuiltInRole | null; name: string }, t: Translate): string {
  if (role.key && role.name === DEFAULT_NAMES[role.key]) return t(`hr.staff.role_name.${role.key}`);
  return role.name;
}
