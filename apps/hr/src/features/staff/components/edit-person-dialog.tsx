import { type StaffUser, updateStaffUserBodySchema } from '@kadry/shared/schemas/admin';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useLocale, useT } from '../../../app/i18n';
import { usePageData } from '../../../app/page-data';
import { getErrorMessage } from '../../../lib/api-client';
import { createZodResolver, readServerFieldErrors } from '../../../lib/form-errors';
import { RELOAD_NOTICE_MS, reloadPage } from '../../../lib/reload-page';
import { snackbar } from '../../../lib/snackbar/snackbar-store';
import { useRoleOptions } from '../api/get-role-options';
import { useResendInvitation } from '../api/resend-invitation';
import { useUpdateStaffUser } from '../api/update-staff-user';
import { formatDateTime } from './format-time';
import { PersonFields } from './person-fields';
import {
  createPersonFormValues,
  describePersonIssue,
  type PersonFormValues,
  toUpdateBody,
} from './person-form-values';
import { StaffDialog } from './staff-dialog';
import { StaffStatusChip } from './staff-status-chip';

/** The edit view of one account: its fields, and access (invitation, disable / enable). */
export function EditPersonDialog({
  user,
  onClose,
  onChange,
}: {
  user: StaffUser | null;
  onClose: () => void;
  /** The account as the server answered after a change (the dialog stays on it). */
  onChange: (user: StaffUser) => void;
}) {
  const t = useT();
  return (
    <StaffDialog
      isOpen={user !== null}
      onClose={onClose}
      title={user ? t('hr.staff.edit.title', { name: user.name }) : ''}
    >
      {user ? <EditPersonForm key={user.id} user={user} onClose={onClose} onChange={onChange} /> : null}
    </StaffDialog>
  );
}

function EditPersonForm({
  user,
  onClose,
  onChange,
}: {
  user: StaffUser;
  onClose: () => void;
  onChange: (user: StaffUser) => void;
}) {
  const t = useT();
  const locale = useLocale();
  const idPrefix = useId();
  const pageData = usePageData();
  const isSelf = user.id === pageData.user.id;
  const roles = useRoleOptions();
  const update = useUpdateStaffUser();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<PersonFormValues>({
    defaultValues: createPersonFormValues(user, pageData.user),
    resolver: createZodResolver(updateStaffUserBodySchema, toUpdateBody, (issue) =>
      describePersonIssue(issue, t),
    ),
  });

  const onSubmit = form.handleSubmit(
    async (values) => {
      setFormError(null);
      try {
        const saved = await update.mutateAsync({
          id: user.id,
          body: updateStaffUserBodySchema.parse(toUpdateBody(values)),
        });
        onChange(saved);
        if (isSelf) {
          // The page data (name, language, zone, permissions of the role) is read at page load.
          snackbar.info(t('hr.staff.edit.saved_self'));
          setTimeout(reloadPage, RELOAD_NOTICE_MS);
          return;
        }
        // The server sends an invitation to a new address of an account still waiting for its password.
        const isReinvited = !user.has_password && !user.is_disabled && saved.email !== user.email;
        snackbar.success(
          isReinvited
            ? t('hr.staff.edit.saved_reinvited', { name: saved.name, email: saved.email })
            : t('hr.staff.edit.saved', { name: saved.name }),
        );
        onClose();
      } catch (error) {
        const fieldErrors = readServerFieldErrors(error);
        if (!fieldErrors) return;
        const unplaced: string[] = [];
        for (const [field, message] of Object.entries(fieldErrors)) {
          if (field in values && field !== 'team_ids')
            form.setError(field as keyof PersonFormValues, { message });
          else unplaced.push(message);
        }
        setFormError(unplaced.length > 0 ? unplaced.join(' ') : null);
        const [first] = Object.keys(fieldErrors).filter((field) => field in values && field !== 'team_ids');
        if (first) form.setFocus(first as keyof PersonFormValues);
      }
    },
    (errors) => {
      const first = (['name', 'email', 'role_id', 'timezone'] as const).find((field) => errors[field]);
      if (first) form.setFocus(first);
    },
  );

  // The role select shows the person's role only once the roles are there to pick from.
  if (!roles.data) {
    return (
      <p role="status" className="staff-dialog__body">
        {roles.isError ? t('hr.common.load_failed') : t('hr.common.loading')}
      </p>
    );
  }

  return (
    <div className="staff-dialog__body">
      <dl className="person-summary">
        <dt>{t('hr.staff.field.status')}</dt>
        <dd>
          <StaffStatusChip user={user} />
          {isSelf ? <span className="chip chip--blue">{t('hr.staff.you')}</span> : null}
        </dd>
        <dt>{t('hr.staff.field.last_sign_in')}</dt>
        <dd>
          {user.last_sign_in_at
            ? formatDateTime(user.last_sign_in_at, locale, pageData.user.timezone)
            : t('hr.staff.never')}
        </dd>
        <dt>{t('hr.staff.field.teams')}</dt>
        <dd>
          {user.teams.length > 0
            ? user.teams
                .map((team) =>
                  team.is_manager ? t('hr.staff.team_manager', { team: team.name }) : team.name,
                )
                .join(', ')
            : t('hr.staff.no_team')}
          <span className="hint"> · {t('hr.staff.teams_hint')}</span>
        </dd>
      </dl>

      <form onSubmit={onSubmit} noValidate aria-labelledby={`${idPrefix}-profile`}>
        <h3 id={`${idPrefix}-profile`}>{t('hr.staff.edit.profile')}</h3>
        <PersonFields form={form} idPrefix={idPrefix} roles={roles.data} />
        {formError ? (
          <p className="field-error" role="alert">
            {formError}
          </p>
        ) : null}
        <div className="admin-dialog__actions">
          <button type="submit" className="primary" disabled={update.isPending}>
            {t('hr.staff.edit.save')}
          </button>
          <button type="button" onClick={onClose}>
            {t('hr.staff.cancel')}
          </button>
        </div>
      </form>

      <AccessSection user={user} isSelf={isSelf} onChange={onChange} />
    </div>
  );
}

/** Invitation and disable / enable, each with its own outcome message. */
function AccessSection({
  user,
  isSelf,
  onChange,
}: {
  user: StaffUser;
  isSelf: boolean;
  onChange: (user: StaffUser) => void;
}) {
  const t = useT();
  const headingId = useId();
  const update = useUpdateStaffUser();
  const resend = useResendInvitation();
  const [isConfirmOpen, setIsConfirmOpen] = useState(false);
  const [accessError, setAccessError] = useState<string | null>(null);
  const isInvited = !user.is_disabled && !user.has_password;

  const changeDisabled = (isDisabled: boolean) => {
    setAccessError(null);
    update.mutate(
      { id: user.id, body: { is_disabled: isDisabled } },
      {
        onSuccess: (saved) => {
          setIsConfirmOpen(false);
          onChange(saved);
          snackbar.success(
            t(isDisabled ? 'hr.staff.access.disabled_done' : 'hr.staff.access.enabled_done', {
              name: saved.name,
            }),
          );
        },
        onError: (error) => {
          setIsConfirmOpen(false);
          // The server's reason (the last owner, one's own account) stays readable next to the button.
          setAccessError(getErrorMessage(error));
        },
      },
    );
  };

  return (
    <section aria-labelledby={headingId} className="access-section">
      <h3 id={headingId}>{t('hr.staff.access.title')}</h3>
      {isInvited ? (
        <div className="access-section__row">
          <p className="hint">{t('hr.staff.access.invited_hint', { email: user.email })}</p>
          <button
            type="button"
            disabled={resend.isPending}
            onClick={() => {
              setAccessError(null);
              resend.mutate(user.id, {
                onSuccess: () =>
                  snackbar.success(t('hr.staff.access.invitation_resent', { email: user.email })),
                onError: (error) => setAccessError(getErrorMessage(error)),
              });
            }}
          >
            {t('hr.staff.access.resend')}
          </button>
        </div>
      ) : null}
      {isSelf ? (
        <p className="hint">{t('hr.staff.access.self_hint')}</p>
      ) : (
        <div className="access-section__row">
          <p className="hint">
            {user.is_disabled ? t('hr.staff.access.disabled_hint') : t('hr.staff.access.disable_hint')}
          </p>
          {/* One button whose action flips, so focus has somewhere to return after the confirmation. */}
          <button
            type="button"
            className={user.is_disabled ? undefined : 'admin-danger'}
            disabled={update.isPending}
            onClick={() => (user.is_disabled ? changeDisabled(false) : setIsConfirmOpen(true))}
          >
            {user.is_disabled ? t('hr.staff.access.enable') : t('hr.staff.access.disable')}
          </button>
        </div>
      )}
      {accessError ? (
        <p className="field-error" role="alert">
          {accessError}
        </p>
      ) : null}
      <StaffDialog
        isOpen={isConfirmOpen}
        onClose={() => setIsConfirmOpen(false)}
        title={t('hr.staff.access.confirm_title', { name: user.name })}
        role="alertdialog"
      >
        <div className="staff-dialog__body">
          <p>{t('hr.staff.access.confirm_text', { name: user.name })}</p>
          <div className="admin-dialog__actions">
            <button
              type="button"
              className="admin-danger"
              disabled={update.isPending}
              onClick={() => changeDisabled(true)}
            >
              {t('hr.staff.access.confirm_disable')}
            </button>
            {/* Focus starts on the harmless choice. */}
            <button type="button" data-autofocus="true" onClick={() => setIsConfirmOpen(false)}>
              {t('hr.staff.cancel')}
            </button>
          </div>
        </div>
      </StaffDialog>
    </section>
  );
}
