import { createStaffUserBodySchema } from '@kadry/shared/schemas/admin';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { DialogActions, DialogFrame } from '../../../components/ui/dialog-frame';
import { FormError } from '../../../components/ui/field';
import { applyServerFieldErrors, createZodResolver, focusFirstInvalidField } from '../../../lib/form-errors';
import { useT } from '../../../lib/i18n';
import { usePageData } from '../../../lib/page-data';
import { snackbar } from '../../../lib/snackbar/snackbar';
import { useTeamOptions } from '../../employees/api/get-team-options';
import { useRoles } from '../../roles/api/get-roles';
import { useCreateStaffUser } from '../api/create-staff-user';
import { PersonFields } from './person-fields';
import {
  createPersonFormValues,
  describePersonIssue,
  PERSON_FIELDS,
  PERSON_FOCUSABLE_FIELDS,
  type PersonFormValues,
  toCreateBody,
} from './person-form-values';

/** "Invite person": the account is created without a password and the person gets an email link. */
export function InvitePersonDialog({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const t = useT();
  return (
    <DialogFrame
      open={isOpen}
      onClose={onClose}
      title={t('hr.staff.invite.title')}
      size="wide"
      hasCloseButton
      closesOnOutsideClick={false}
    >
      <InvitePersonForm onDone={onClose} />
    </DialogFrame>
  );
}

function InvitePersonForm({ onDone }: { onDone: () => void }) {
  const t = useT();
  const { user } = usePageData();
  const roles = useRoles();
  const teams = useTeamOptions({ isEnabled: true });
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
        setFormError(
          applyServerFieldErrors(form, error, {
            fields: [...PERSON_FIELDS, 'team_ids'],
            focusable: PERSON_FOCUSABLE_FIELDS,
          }),
        );
      }
    },
    (errors) => focusFirstInvalidField(form, errors, PERSON_FOCUSABLE_FIELDS),
  );

  return (
    <form onSubmit={onSubmit} noValidate>
      <p className="hint">{t('hr.staff.invite.intro')}</p>
      <PersonFields
        form={form}
        roles={roles.data ?? []}
        teams={teams.data ?? []}
        isLoadingTeams={teams.isPending}
      />
      <FormError message={formError} />
      <DialogActions>
        <button type="submit" className="primary" disabled={create.isPending}>
          {create.isPending ? t('hr.staff.invite.sending') : t('hr.staff.invite.submit')}
        </button>
        <button type="button" onClick={onDone}>
          {t('hr.staff.cancel')}
        </button>
      </DialogActions>
    </form>
  );
}
