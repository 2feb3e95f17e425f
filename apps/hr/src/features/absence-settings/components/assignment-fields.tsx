import type { NamedRef } from '@kadry/shared/schemas/absence-settings';
import type { TeamPerson } from '@kadry/shared/schemas/admin';
import { useId, useState } from 'react';
import { useT } from '../../../lib/i18n';
import { useTeamOptions } from '../../employees/api/get-team-options';
import { AddMembersDialog } from '../../teams/components/add-members-dialog';

/**
 * Whom a setting applies to (a policy, a work calendar): the company's teams to tick, and people chosen
 * one by one in the teams' people picker, each removable. The server's errors for `team_ids` and
 * `employee_ids` stand under their list.
 */
export function AssignmentFields({
  teamsLabel,
  teamsHint,
  teamIds,
  onTeamIdsChange,
  peopleLabel,
  people,
  onPeopleChange,
  errors,
}: {
  teamsLabel: string;
  teamsHint?: string;
  teamIds: number[];
  onTeamIdsChange: (ids: number[]) => void;
  peopleLabel: string;
  people: NamedRef[];
  onPeopleChange: (people: NamedRef[]) => void;
  errors: Readonly<Record<string, string>>;
}) {
  const teams = useTeamOptions({ isEnabled: true });
  const [isPicking, setIsPicking] = useState(false);
  return (
    <>
      <TeamChecklist
        label={teamsLabel}
        teams={teams}
        selected={teamIds}
        onChange={onTeamIdsChange}
        error={errors.team_ids}
      />
      {teamsHint ? <p className="hint">{teamsHint}</p> : null}
      <PeopleList
        label={peopleLabel}
        people={people}
        onChange={onPeopleChange}
        onAdd={() => setIsPicking(true)}
        error={errors.employee_ids}
      />
      <AddMembersDialog
        open={isPicking}
        onClose={() => setIsPicking(false)}
        memberIds={new Set(people.map((person) => person.id))}
        onAdd={(added: TeamPerson[]) =>
          onPeopleChange([...people, ...added.map((person) => ({ id: person.id, name: person.name }))])
        }
      />
    </>
  );
}

/** Teams to tick (the company's teams list). */
function TeamChecklist({
  label,
  teams,
  selected,
  onChange,
  error,
}: {
  label: string;
  teams: { data?: { id: number; name: string }[]; isPending: boolean; isError: boolean };
  selected: number[];
  onChange: (ids: number[]) => void;
  error?: string | undefined;
}) {
  const t = useT();
  const ids = useId();
  return (
    <fieldset className="absence-settings__checklist">
      <legend>{label}</legend>
      {teams.isError ? (
        <p className="field-error">{t('hr.common.load_failed')}</p>
      ) : teams.isPending ? (
        <p role="status">{t('hr.common.loading')}</p>
      ) : (teams.data ?? []).length === 0 ? (
        <p>{t('hr.absence_settings.no_teams')}</p>
      ) : (
        <ul>
          {(teams.data ?? []).map((team) => (
            <li key={team.id} className="admin-checkbox">
              <input
                id={`${ids}-${team.id}`}
                type="checkbox"
                checked={selected.includes(team.id)}
                onChange={(event) =>
                  onChange(
                    event.target.checked ? [...selected, team.id] : selected.filter((id) => id !== team.id),
                  )
                }
              />
              <label htmlFor={`${ids}-${team.id}`}>{team.name}</label>
            </li>
          ))}
        </ul>
      )}
      {error ? <p className="field-error">{error}</p> : null}
    </fieldset>
  );
}

/** Chosen people with a remove button each, and a button that opens the people picker. */
function PeopleList({
  label,
  people,
  onChange,
  onAdd,
  error,
}: {
  label: string;
  people: NamedRef[];
  onChange: (people: NamedRef[]) => void;
  onAdd: () => void;
  error?: string | undefined;
}) {
  const t = useT();
  return (
    <fieldset className="absence-settings__checklist">
      <legend>{label}</legend>
      {people.length === 0 ? (
        <p>{t('hr.absence_settings.nobody_chosen')}</p>
      ) : (
        <ul className="absence-settings__people">
          {people.map((person) => (
            <li key={person.id}>
              <span>{person.name}</span>
              <button
                type="button"
                aria-label={t('hr.absence_settings.remove_named', { name: person.name })}
                onClick={() => onChange(people.filter((item) => item.id !== person.id))}
              >
                {t('hr.absence_settings.remove')}
              </button>
            </li>
          ))}
        </ul>
      )}
      <button type="button" onClick={onAdd}>
        {t('hr.absence_settings.add_people')}
      </button>
      {error ? <p className="field-error">{error}</p> : null}
    </fieldset>
  );
}
