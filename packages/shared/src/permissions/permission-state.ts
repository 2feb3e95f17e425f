import { type Level, SINGLE_ACTIONS, type SingleAction, type VisibilityAction } from './vocabulary';

/**
 * A role's visibility settings for one entity: a level per single action, plus `all`, the level the
 * all-level setting last gave every action (null once any single action has been set on its own).
 */
export type VisibilitySettings = Record<SingleAction, Level> & { all: Level | null };

/** Whether each visibility action is on, the state the HR app reads (spec §4). */
export type ActionState = Record<VisibilityAction, boolean>;

const NOTHING: VisibilitySettings = {
  create: 'not_visible',
  update: 'not_visible',
  delete: 'not_visible',
  view: 'not_visible',
  all: null,
};

/** The all-level setting: every single action takes the level, and `all` records it. */
export function setAllLevel(level: Level): VisibilitySettings {
  return { create: level, update: level, delete: level, view: level, all: level };
}

/**
 * Setting one action on its own clears `all` (spec §4), whatever the level: the settings no longer
 * come from the all-level setting. Starting from no settings, the other actions are not_visible.
 */
export function setActionLevel(
  settings: VisibilitySettings | null,
  action: SingleAction,
  level: Level,
): VisibilitySettings {
  return { ...(settings ?? NOTHING), [action]: level, all: null };
}

/**
 * Settings as stored and answered: `all` survives only while every single action still has its
 * level, so stale or contradictory input (all: to_all, view: only_my) cannot claim more than it gives.
 */
export function normalizeVisibilitySettings(settings: VisibilitySettings): VisibilitySettings {
  const { all } = settings;
  const isUniform = all !== null && SINGLE_ACTIONS.every((action) => settings[action] === all);
  return { ...settings, all: isUniform ? all : null };
}

/**
 * The level an action has. No settings, or `all` without an all-level setting, is not_visible.
 */
export function levelOf(settings: VisibilitySettings | null | undefined, action: VisibilityAction): Level {
  if (!settings) return 'not_visible';
  if (action === 'all') return settings.all ?? 'not_visible';
  return settings[action];
}

/**
 * The on/off state of every action (spec §4): an entity without visibility settings has every action
 * off; anything at not_visible is off; `all` is on only through the all-level setting.
 */
export function deriveActionState(settings: VisibilitySettings | null | undefined): ActionState {
  const isOn = (action: VisibilityAction) => levelOf(settings, action) !== 'not_visible';
  return {
    create: isOn('create'),
    update: isOn('update'),
    delete: isOn('delete'),
    view: isOn('view'),
    all: isOn('all'),
  };
}
