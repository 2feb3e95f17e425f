import { createStaffUserBodySchema } from '@kadry/shared/schemas/admin';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useT } from '../../../app/i18n';
import { usePageData } from '../../../app/page-data';
import { createZodResolver, readServerFieldErrors } from '../../../lib/form-errors';
import { snackbar } from '../../../lib/snackbar/snackbar-store';
import { useCreateStaffUser } from '../api/create-staff-user';
import { useRoleOptions } from '../api/get-role-options';
import { useTeamOptions } from '../api/get-team-options';
import { PersonFields } from './person-fields';
import {
  createPersonFormValues,
  describePersonIssue,
  type PersonFormValues,
  toCreateBody,
} from './person-form-values';
import { StaffDialog } from './staff-dialog';

/** "Invite person": the account is created without a password and the person gets an email link. */
export function InvitePersonDialog({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const t = useT();
  return (
    <StaffDialog isOpen={isOpen} onClose={onClose} title={t('hr.staff.invite.title')}>
      <InvitePersonForm onDone={onClose} />
    </StaffDialog>
  );
}

function InvitePersonForm({ onDone }: { onDone: () => void }) {
  const t = useT();
  const idPrefix = useId();
  const { user } = usePageData();
  const roles = useRoleOptions();
  const teams = useTeamOptions();
  const create = useCreateStaffUser();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<PersonFormValues>({
    // The inviter's language and zone are the likeliest ones for a colleague.
    defaultValues: createPersonFormValues(null, { locale: user.locale, timezone: user.timezone }),
    resolver: createZodResolver(createStaffUserBodySchema, toCreateBody, (issue) =>
      describePersonIssue(issue, t),
    ),
  });

  const onSubmit = form.handleSubmit(
    async (values) => {
      setFormError(null);
      const body = createStaffUserBodySchema.parse(toCreateBody(values));
      try {
        const created = await create.mutateAsync(body);
        snackbar.success(t('hr.staff.invite.sent', { email: created.email }));
        onDone();
      } catch (error) {
        // The message is already in a snackbar; put the server's field errors next to their fields.
        const fieldErrors = readServerFieldErrors(error);
        if (!fieldErrors) return;
        const unplaced: string[] = [];
        for (const [field, message] of Object.entries(fieldErrors)) {
          if (field in values) form.setError(field as keyof PersonFormValues, { message });
          else unplaced.push(message);
        }
        setFormError(unplaced.length > 0 ? unplaced.join(' ') : null);
        const [first] = Object.keys(fieldErrors).filter((field) => field in values);
        if (first && first !== 'team_ids') form.setFocus(first as keyof PersonFormValues);
      }
    },
    (errors) => {
      const first = (['name', 'email', 'role_id', 'timezone'] as const).find((field) => errors[field]);
      if (first) form.setFocus(first);
    },
  );

  return (
    <form onSubmit={onSubmit} noValidate className="staff-dialog__body">
      <p className="hint">{t('hr.staff.invite.intro')}</p>
      <PersonFields
        form={form}
        idPrefix={idPrefix}
        roles={roles.data ?? []}
        teams={teams.data ?? []}
        isLoadingTeams={teams.isPending}
      />
      {formError ? (
        <p className="field-error" role="alert">
          {formError}
        </p>
      ) : null}
      <div className="admin-dialog__actions">
        <button type="submit" className="primary" disabled={create.isPending}>
          {create.isPending ? t('hr.staff.invite.sending') : t('hr.staff.invite.submit')}
        </button>
        <button type="button" onClick={onDone}>
          {t('hr.staff.cancel')}
        </button>
      </div>
    </form>
  );
}
