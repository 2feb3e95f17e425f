import { Controller, type UseFormReturn } from 'react-hook-form';
import { useT } from '../../../app/i18n';
import { usePageData } from '../../../app/page-data';
import { TimeZoneSelect } from '../../../components/ui/time-zone-select';
import { LANGUAGE_NAMES, listOfferedLocales } from '../../../lib/offered-locales';
import { getRoleLabel } from '../../../lib/role-label';
import type { RoleOption } from '../api/get-role-options';
import type { TeamOption } from '../api/get-team-options';
import type { PersonFormValues } from './person-form-values';

type FieldName = keyof PersonFormValues;

/** The fields of a staff account, shared by the invite and edit dialogs; teams only when inviting. */
export function PersonFields({
  form,
  idPrefix,
  roles,
  teams,
  isLoadingTeams = false,
}: {
  form: UseFormReturn<PersonFormValues>;
  idPrefix: string;
  roles: readonly RoleOption[];
  /** Undefined hides the teams (the edit dialog: membership is changed on the Teams screen). */
  teams?: readonly TeamOption[];
  isLoadingTeams?: boolean;
}) {
  const t = useT();
  const { settings } = usePageData();
  const { errors } = form.formState;
  const id = (name: FieldName) => `${idPrefix}-${name}`;
  const errorId = (name: FieldName) => `${idPrefix}-${name}-error`;
  const a11y = (name: FieldName, hintId?: string) => ({
    id: id(name),
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby':
      [hintId, errors[name] ? errorId(name) : undefined].filter(Boolean).join(' ') || undefined,
  });
  const fieldError = (name: FieldName) => {
    const message = errors[name]?.message;
    return message ? (
      <p className="field-error" id={errorId(name)}>
        {message}
      </p>
    ) : null;
  };
  const required = <span aria-hidden="true"> *</span>;
  const locales = listOfferedLocales(settings.russianIsEnabled, form.getValues('locale'));

  return (
    <>
      <div className="field">
        <label htmlFor={id('name')}>
          {t('hr.staff.field.name')}
          {required}
        </label>
        {/* The dialog puts focus here first (Ariakit looks for data-autofocus), not on its close button. */}
        <input
          type="text"
          autoComplete="off"
          aria-required="true"
          data-autofocus="true"
          {...a11y('name')}
          {...form.register('name')}
        />
        {fieldError('name')}
      </div>
      <div className="field">
        <label htmlFor={id('email')}>
          {t('hr.staff.field.email')}
          {required}
        </label>
        <input
          type="email"
          autoComplete="off"
          aria-required="true"
          {...a11y('email')}
          {...form.register('email')}
        />
        {fieldError('email')}
      </div>
      <div className="field">
        <label htmlFor={id('role_id')}>
          {t('hr.staff.field.role')}
          {required}
        </label>
        <select
          aria-required="true"
          {...a11y('role_id', `${idPrefix}-role-hint`)}
          {...form.register('role_id')}
        >
          <option value="">{t('hr.staff.choose_role')}</option>
          {roles.map((role) => (
            <option key={role.id} value={role.id}>
              {getRoleLabel(role, t)}
            </option>
          ))}
        </select>
        <p className="hint" id={`${idPrefix}-role-hint`}>
          {t('hr.staff.role_hint')}
        </p>
        {fieldError('role_id')}
      </div>
      <div className="two-columns">
        <div className="field">
          <label htmlFor={id('locale')}>{t('hr.staff.field.language')}</label>
          <select {...a11y('locale')} {...form.register('locale')}>
            {locales.map((locale) => (
              <option key={locale} value={locale} lang={locale}>
                {LANGUAGE_NAMES[locale]}
              </option>
            ))}
          </select>
          {fieldError('locale')}
        </div>
        <div className="field">
          <label htmlFor={id('timezone')}>{t('hr.staff.field.timezone')}</label>
          <Controller
            control={form.control}
            name="timezone"
            render={({ field }) => (
              <TimeZoneSelect
                id={id('timezone')}
                value={field.value}
                onChange={field.onChange}
                noMatchesText={t('hr.staff.timezone_no_matches')}
                describedBy={errors.timezone ? errorId('timezone') : undefined}
                isInvalid={Boolean(errors.timezone)}
              />
            )}
          />
          {fieldError('timezone')}
        </div>
      </div>
      {teams !== undefined ? (
        <fieldset
          className="field checkbox-list"
          aria-describedby={errors.team_ids ? errorId('team_ids') : undefined}
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
          {fieldError('team_ids')}
        </fieldset>
      ) : null}
    </>
  );
}
