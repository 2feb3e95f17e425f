import { useId } from 'react';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { Field, FieldError } from '../../../components/ui/field';
import { LanguageField, TimeZoneField } from '../../../components/ui/locale-fields';
import { useT } from '../../../lib/i18n';
import { getRoleLabel } from '../../../lib/role-label';
import type { TeamOption } from '../../employees/api/get-team-options';
import type { RoleOption } from '../../roles/api/get-roles';
import type { PersonFormValues } from './person-form-values';

/** The fields of a staff account, shared by the invite and edit dialogs; teams only when inviting. */
export function PersonFields({
  form,
  roles,
  teams,
  isLoadingTeams = false,
  isRoleLocked = false,
}: {
  form: UseFormReturn<PersonFormValues>;
  roles: readonly RoleOption[];
  /** The reader's role may not give roles (useCanGiveRoles): the role is shown, not changed. */
  isRoleLocked?: boolean;
  /** Undefined hides the teams (the edit dialog: membership is changed on the Teams screen). */
  teams?: readonly TeamOption[];
  isLoadingTeams?: boolean;
}) {
  const t = useT();
  const teamsErrorId = useId();
  const { errors } = form.formState;

  return (
    <>
      <Field label={t('hr.staff.field.name')} isRequired error={errors.name?.message}>
        {(control) => (
          // The dialog puts focus here first (Ariakit looks for data-autofocus), not on its close button.
          <input
            {...control}
            type="text"
            autoComplete="off"
            aria-required="true"
            data-autofocus="true"
            {...form.register('name')}
          />
        )}
      </Field>
      <Field label={t('hr.staff.field.email')} isRequired error={errors.email?.message}>
        {(control) => (
          <input
            {...control}
            type="email"
            autoComplete="off"
            aria-required="true"
            {...form.register('email')}
          />
        )}
      </Field>
      <Field
        label={t('hr.staff.field.role')}
        isRequired
        hint={t(isRoleLocked ? 'hr.staff.role_locked' : 'hr.staff.role_hint')}
        error={errors.role_id?.message}
      >
        {(control) => (
          <select {...control} aria-required="true" {...form.register('role_id')} disabled={isRoleLocked}>
            <option value="">{t('hr.staff.choose_role')}</option>
            {roles.map((role) => (
              <option key={role.id} value={role.id}>
                {getRoleLabel(role, t)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <div className="two-columns">
        <LanguageField
          label={t('hr.staff.field.language')}
          error={errors.locale?.message}
          current={form.getValues('locale')}
          registration={form.register('locale')}
        />
        <TimeZoneField
          label={t('hr.staff.field.timezone')}
          error={errors.timezone?.message}
          control={form.control}
          name="timezone"
          noMatchesText={t('hr.staff.timezone_no_matches')}
        />
      </div>
      {teams !== undefined ? (
        <fieldset
          className="field checkbox-list"
          aria-describedby={errors.team_ids ? teamsErrorId : undefined}
        >
          <legend>{t('hr.staff.field.teams')}</legend>
          {isLoadingTeams ? (
            <p className="hint">{t('hr.common.loading')}</p>
          ) : teams.length === 0 ? (
            <p className="hint">{t('hr.staff.no_teams')}</p>
          ) : (
            <Controller
              control={form.control}
              name="team_ids"
              render={({ field }) => (
                <ul className="checkbox-list__items">
                  {teams.map((team) => (
                    <li key={team.id}>
                      <label>
                        <input
                          type="checkbox"
                          checked={field.value.includes(team.id)}
                          onChange={(event) =>
                            field.onChange(
                              event.target.checked
                                ? [...field.value, team.id]
                                : field.value.filter((teamId) => teamId !== team.id),
                            )
                          }
                        />{' '}
                        {team.name}
                      </label>
                    </li>
                  ))}
                </ul>
              )}
            />
          )}
          <FieldError id={teamsErrorId} message={errors.team_ids?.message} />
        </fieldset>
      ) : null}
    </>
  );
}
