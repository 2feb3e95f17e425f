import type { Locale } from '@kadry/shared/constants';
import type { Translate } from '@kadry/shared/i18n/translator';
import type { CreateStaffUserBody, StaffUser, UpdateStaffUserBody } from '@kadry/shared/schemas/admin';
import type { z } from 'zod';

/** What the invite and edit forms hold; the role is the select's text until sent. */
export type PersonFormValues = {
  name: string;
  email: string;
  role_id: string;
  locale: Locale;
  timezone: string;
  team_ids: number[];
};

/** The account's own fields, in the form's order (the invite form adds the teams). */
export const PERSON_FIELDS = ['name', 'email', 'role_id', 'locale', 'timezone'] as const;
/** Those focus can be moved to from the form (the time-zone combobox manages its own). */
export const PERSON_FOCUSABLE_FIELDS = ['name', 'email', 'role_id', 'locale'] as const;

export function createPersonFormValues(
  user: StaffUser | null,
  defaults: { locale: Locale; timezone: string },
): PersonFormValues {
  return {
    name: user?.name ?? '',
    email: user?.email ?? '',
    role_id: user ? String(user.role.id) : '',
    locale: user?.locale ?? defaults.locale,
    timezone: user?.timezone ?? defaults.timezone,
    team_ids: user ? user.teams.map((team) => team.id) : [],
  };
}

function readRoleId(value: string): number | undefined {
  return value === '' ? undefined : Number(value);
}

/** The `PUT admin.users.one` body: teams are changed on the Teams screen, not here. */
export function toUpdateBody(values: PersonFormValues): UpdateStaffUserBody {
  return {
    name: values.name,
    email: values.email,
    role_id: readRoleId(values.role_id),
    locale: values.locale,
    timezone: values.timezone,
  };
}

/** The `POST admin.users` body (checked against createStaffUserBodySchema before sending): with teams. */
export function toCreateBody(values: PersonFormValues): Partial<CreateStaffUserBody> {
  return { ...toUpdateBody(values), team_ids: values.team_ids };
}

/** A contract rule broken in the form, worded for the person filling it in. */
export function describePersonIssue(issue: z.core.$ZodIssue, t: Translate): string {
  const field = issue.path[0];
  if (field === 'role_id') return t('hr.staff.error.role_required');
  if (field === 'timezone') return t('hr.staff.error.timezone');
  if (issue.code === 'too_big') return t('hr.staff.error.too_long', { max: Number(issue.maximum) });
  if (field === 'email') return t('hr.staff.error.email');
  if (issue.code === 'too_small') return t('public.fill_fields');
  return t('hr.staff.error.invalid');
}
