import { type StaffUser, updateStaffUserBodySchema } from '@kadry/shared/schemas/admin';
import { getRequestErrorMessage } from '@kadry/ui/request-error-message';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { DialogActions, DialogFrame } from '../../../components/ui/dialog-frame';
import { FormError } from '../../../components/ui/field';
import { applyServerFieldErrors, createZodResolver, focusFirstInvalidField } from '../../../lib/form-errors';
import { useLocale, useT } from '../../../lib/i18n';
import { usePageData } from '../../../lib/page-data';
import { RELOAD_NOTICE_MS, reloadPage } from '../../../lib/reload-page';
import { snackbar } from '../../../lib/snackbar/snackbar';
import { useRoles } from '../../roles/api/get-roles';
import { useResendInvitation } from '../api/resend-invitation';
import { useUpdateStaffUser } from '../api/update-staff-user';
import { formatDateTime } from './format-time';
import { PersonFields } from './person-fields';
import {
  createPersonFormValues,
  describePersonIssue,
  PERSON_FIELDS,
  PERSON_FOCUSABLE_FIELDS,
  type PersonFormValues,
  toUpdateBody,
} from './person-form-values';
import { StaffStatusChip } from './staff-status-chip';
import { useCanGiveRoles } from './use-can-give-roles';

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
    <DialogFrame
      open={user !== null}
      onClose={onClose}
      title={user ? t('hr.staff.edit.title', { name: user.name }) : ''}
      size="wide"
      hasCloseButton
      closesOnOutsideClick={false}
    >
      {user ? <EditPersonForm key={user.id} user={user} onClose={onClose} onChange={onChange} /> : null}
    </DialogFrame>
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
  const roles = useRoles();
  const canGiveRoles = useCanGiveRoles();
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
        // Teams are not edited here: a message about them is said above the buttons.
        setFormError(
          applyServerFieldErrors(form, error, { fields: PERSON_FIELDS, focusable: PERSON_FOCUSABLE_FIELDS }),
        );
      }
    },
    (errors) => focusFirstInvalidField(form, errors, PERSON_FOCUSABLE_FIELDS),
  );

  // The role select shows the person's role only once the roles are there to pick from.
  if (!roles.data) {
    return <p role="status">{roles.isError ? t('hr.common.load_failed') : t('hr.common.loading')}</p>;
  }

  return (
    <>
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
        <PersonFields form={form} roles={roles.data} isRoleLocked={!canGiveRoles} />
        <FormError message={formError} />
        <DialogActions>
          <button type="submit" className="primary" disabled={update.isPending}>
            {t('hr.staff.edit.save')}
          </button>
          <button type="button" onClick={onClose}>
            {t('hr.staff.cancel')}
          </button>
        </DialogActions>
      </form>

      <AccessSection user={user} isSelf={isSelf} onChange={onChange} />
    </>
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

  const changeDisabled = async (isDisabled: boolean) => {
    setAccessError(null);
    try {
      const saved = await update.mutateAsync({ id: user.id, body: { is_disabled: isDisabled } });
      setIsConfirmOpen(false);
      onChange(saved);
      snackbar.success(
        t(isDisabled ? 'hr.staff.access.disabled_done' : 'hr.staff.access.enabled_done', {
          name: saved.name,
        }),
      );
    } catch (error) {
      setIsConfirmOpen(false);
      // The server's reason (the last owner, one's own account) stays readable next to the button.
      setAccessError(getRequestErrorMessage(error));
    }
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
                onError: (error) => setAccessError(getRequestErrorMessage(error)),
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
            className={user.is_disabled ? undefined : 'danger'}
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
      <ConfirmDialog
        open={isConfirmOpen}
        onClose={() => setIsConfirmOpen(false)}
        title={t('hr.staff.access.confirm_title', { name: user.name })}
        role="alertdialog"
        confirmLabel={t('hr.staff.access.confirm_disable')}
        cancelLabel={t('hr.staff.cancel')}
        onConfirm={() => changeDisabled(true)}
      >
        <p>{t('hr.staff.access.confirm_text', { name: user.name })}</p>
      </ConfirmDialog>
    </section>
  );
}
