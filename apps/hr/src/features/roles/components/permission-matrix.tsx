import { levelOf } from '@kadry/shared/permissions/permission-state';
import type { EntityPermissions, PermissionsMap } from '@kadry/shared/permissions/schemas';
import {
  type Entity,
  LEVELS,
  type Level,
  listEntityActions,
  listEntityFields,
  type SingleAction,
} from '@kadry/shared/permissions/vocabulary';
import { isEntityInPlan } from '@kadry/shared/plans';
import { memo, useCallback, useId, useMemo, useState } from 'react';
import { useT } from '../../../lib/i18n';
import {
  applyActionLevel,
  applyAllChoice,
  ENTITY_GROUPS,
  type EntityGroupKey,
  isSameEntityPermissions,
  listSubEntities,
  readAllChoice,
  toggleNamedAction,
  toggleVisibleField,
} from './role-draft';

/** The matrix's action columns after "all": reading first, then the changes. */
const ACTION_COLUMNS: readonly SingleAction[] = ['view', 'create', 'update', 'delete'];
const COLUMN_COUNT = 2 + ACTION_COLUMNS.length;

/** How the matrix changes the draft: a pure update of the whole map (React's setState updater form). */
type PermissionsChange = (update: (permissions: PermissionsMap) => PermissionsMap) => void;

type MatrixProps = {
  draft: PermissionsMap;
  saved: PermissionsMap;
  onChange: PermissionsChange;
};

function LevelOptions() {
  const t = useT();
  return (
    <>
      {LEVELS.map((level) => (
        <option key={level} value={level}>
          {t(`hr.permissions.level.${level}`)}
        </option>
      ))}
    </>
  );
}

type EntityRowProps = {
  entity: Entity;
  rowId: string;
  current: EntityPermissions;
  saved: EntityPermissions;
  onChange: PermissionsChange;
  isSub: boolean;
  isHidden: boolean;
  /** For a parent: its sub-entities' rows, whether they are shown, and how many changed. */
  subs?: { controls: string; count: number; changed: number; isOpen: boolean; onToggle: () => void };
};

/**
 * One entity: the all-level select, a level per action, then its named actions and visible fields.
 * Memoised on the entity's own permissions, so a change re-renders one row, not all two hundred selects.
 */
const EntityRow = memo(function EntityRow({
  entity,
  rowId,
  current,
  saved,
  onChange,
  isSub,
  isHidden,
  subs,
}: EntityRowProps) {
  const t = useT();
  const label = t(`hr.permissions.entity.${entity}`);
  const nameId = `${rowId}-name`;
  const settings = current.visibilitySettings;
  const allChoice = readAllChoice(settings);
  const isChanged = !isSameEntityPermissions(saved, current);
  const actions = listEntityActions(entity);
  const fields = listEntityFields(entity);
  const rowClass = isSub ? ' matrix__row--sub' : '';

  const checkboxGroup = (kind: 'actions' | 'fields', names: readonly string[]) => {
    const legendId = `${rowId}-${kind}`;
    const selected = kind === 'actions' ? current.actions : current.fields_view;
    return (
      // Named by the row's entity and the legend: "Candidates Actions".
      <fieldset aria-labelledby={`${nameId} ${legendId}`}>
        <legend id={legendId}>
          {kind === 'actions' ? t('hr.roles.named_actions') : t('hr.roles.visible_fields')}
        </legend>
        {names.map((name) => (
          <div className="admin-checkbox" key={name}>
            <input
              id={`${legendId}-${name}`}
              type="checkbox"
              checked={selected.includes(name)}
              onChange={(event) => {
                const isOn = event.target.checked;
                onChange((permissions) =>
                  kind === 'actions'
                    ? toggleNamedAction(permissions, entity, name, isOn)
                    : toggleVisibleField(permissions, entity, name, isOn),
                );
              }}
            />
            <label htmlFor={`${legendId}-${name}`}>
              {t(kind === 'actions' ? `hr.permissions.action.${name}` : `hr.permissions.field.${name}`)}
            </label>
          </div>
        ))}
      </fieldset>
    );
  };

  return (
    <>
      <tr
        id={rowId}
        hidden={isHidden}
        className={`matrix__row${rowClass}`}
        data-off={settings === null ? 'true' : undefined}
      >
        <th scope="row">
          <span id={nameId} className="matrix__entity-name">
            {label}
          </span>
          {isChanged ? <span className="matrix__changed"> · {t('hr.roles.changed')}</span> : null}
          {subs ? (
            <button
              type="button"
              className="matrix__toggle"
              aria-expanded={subs.isOpen}
              aria-controls={subs.controls}
              // The visible text leaves out the entity its row already shows; the name says it.
              aria-label={t('hr.roles.sections_toggle', { name: label, count: subs.count })}
              onClick={subs.onToggle}
            >
              <span aria-hidden="true">{subs.isOpen ? '▾ ' : '▸ '}</span>
              {t('hr.roles.sections_count', { count: subs.count })}
              {subs.changed > 0 && !subs.isOpen ? ` · ${t('hr.roles.changed')}` : null}
            </button>
          ) : null}
        </th>
        <td>
          <select
            aria-label={`${label} — ${t('hr.permissions.visibility.all')}`}
            value={allChoice}
            onChange={(event) => {
              const choice = event.target.value;
              if (choice === 'custom') return;
              onChange((permissions) => applyAllChoice(permissions, entity, choice as Level | 'none'));
            }}
          >
            {/* Shown only while it is the state: it is what single-action changes lead to, not a choice. */}
            {allChoice === 'custom' ? (
              <option value="custom" disabled>
                {t('hr.roles.all_custom')}
              </option>
            ) : null}
            <option value="none">{t('hr.roles.all_none')}</option>
            <LevelOptions />
          </select>
        </td>
        {ACTION_COLUMNS.map((action) => (
          <td key={action}>
            <select
              aria-label={`${label} — ${t(`hr.permissions.visibility.${action}`)}`}
              value={levelOf(settings, action)}
              onChange={(event) => {
                const level = event.target.value as Level;
                onChange((permissions) => applyActionLevel(permissions, entity, action, level));
              }}
            >
              <LevelOptions />
            </select>
          </td>
        ))}
      </tr>
      {actions.length > 0 || fields.length > 0 ? (
        <tr hidden={isHidden} className={`matrix__extras${rowClass}`}>
          <td colSpan={COLUMN_COUNT}>
            <div className="matrix__extras-groups">
              {actions.length > 0 ? checkboxGroup('actions', actions) : null}
              {fields.length > 0 ? checkboxGroup('fields', fields) : null}
            </div>
          </td>
        </tr>
      ) : null}
    </>
  );
});

/** A top-level entity with its sub-entities, which fold under it (closed at first). */
function EntityRows({ entity, draft, saved, onChange }: { entity: Entity } & MatrixProps) {
  const ids = useId();
  const [isOpen, setIsOpen] = useState(false);
  const subEntities = listSubEntities(entity);
  const subRowId = (sub: Entity) => `${ids}-${sub.replace('.', '-')}`;
  const controls = subEntities.map(subRowId).join(' ');
  const changed = subEntities.filter((sub) => !isSameEntityPermissions(saved[sub], draft[sub])).length;
  const onToggle = useCallback(() => setIsOpen((open) => !open), []);
  // Stable while nothing in it changes, so the parent's row keeps its memo.
  const subs = useMemo(
    () => (controls ? { controls, count: controls.split(' ').length, changed, isOpen, onToggle } : undefined),
    [controls, changed, isOpen, onToggle],
  );
  return (
    <tbody>
      <EntityRow
        entity={entity}
        rowId={`${ids}-main`}
        current={draft[entity]}
        saved={saved[entity]}
        isSub={false}
        isHidden={false}
        subs={subs}
        onChange={onChange}
      />
      {subEntities.map((sub) => (
        <EntityRow
          key={sub}
          entity={sub}
          rowId={subRowId(sub)}
          current={draft[sub]}
          saved={saved[sub]}
          isSub
          isHidden={!isOpen}
          onChange={onChange}
        />
      ))}
    </tbody>
  );
}

function MatrixTable({
  entities,
  labelledBy,
  label,
  ...props
}: { entities: readonly Entity[]; labelledBy?: string; label?: string } & MatrixProps) {
  const t = useT();
  return (
    <table className="matrix" aria-labelledby={labelledBy} aria-label={label}>
      <thead>
        <tr>
          <th scope="col">{t('hr.roles.column.area')}</th>
          <th scope="col">{t('hr.permissions.visibility.all')}</th>
          {ACTION_COLUMNS.map((action) => (
            <th scope="col" key={action}>
              {t(`hr.permissions.visibility.${action}`)}
            </th>
          ))}
        </tr>
      </thead>
      {entities.map((entity) => (
        <EntityRows key={entity} entity={entity} {...props} />
      ))}
    </table>
  );
}

function MatrixGroup({
  groupKey,
  entities,
  tariffs,
  ...props
}: { groupKey: EntityGroupKey; entities: readonly Entity[]; tariffs: readonly string[] } & MatrixProps) {
  const t = useT();
  const headingId = useId();
  const inPlan = entities.filter((entity) => isEntityInPlan(tariffs, entity));
  const outOfPlan = entities.filter((entity) => !isEntityInPlan(tariffs, entity));
  const groupName = t(`hr.roles.group.${groupKey}`);
  const offPlanLabel = t('hr.roles.not_in_plan', { count: outOfPlan.length });
  return (
    <section className="matrix-group" aria-labelledby={headingId}>
      <h2 id={headingId}>{groupName}</h2>
      {inPlan.length > 0 ? <MatrixTable entities={inPlan} labelledBy={headingId} {...props} /> : null}
      {outOfPlan.length > 0 ? (
        // Settings of modules outside the plan are kept, and take effect if the plan changes.
        <details className="matrix-off-plan">
          <summary>{offPlanLabel}</summary>
          <p className="hint">{t('hr.roles.not_in_plan_text')}</p>
          <MatrixTable entities={outOfPlan} label={`${groupName}: ${offPlanLabel}`} {...props} />
        </details>
      ) : null}
    </section>
  );
}

/** The permission matrix of a role (spec §4, §6), by section; entities outside the plan fold away. */
export function PermissionMatrix({ tariffs, ...props }: { tariffs: readonly string[] } & MatrixProps) {
  return (
    <>
      {ENTITY_GROUPS.map((group) => (
        <MatrixGroup
          key={group.key}
          groupKey={group.key}
          entities={group.entities}
          tariffs={tariffs}
          {...props}
        />
      ))}
    </>
  );
}
