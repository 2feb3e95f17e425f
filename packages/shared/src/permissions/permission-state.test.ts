import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  deriveActionState,
  levelOf,
  normalizeVisibilitySettings,
  setActionLevel,
  setAllLevel,
  type VisibilitySettings,
} from './permission-state';
import { LEVELS, type Level, SINGLE_ACTIONS, VISIBILITY_ACTIONS } from './vocabulary';

const level = fc.constantFrom(...LEVELS);
const visibleLevel = fc.constantFrom<Level>('only_my', 'only_my_and_my_team', 'to_all');
const singleAction = fc.constantFrom(...SINGLE_ACTIONS);
const settings: fc.Arbitrary<VisibilitySettings> = fc.record({
  create: level,
  update: level,
  delete: level,
  view: level,
  all: fc.option(level, { nil: null }),
});

describe('the all-level setting', () => {
  it('gives every single action its level and records it as all', () => {
    expect(setAllLevel('only_my_and_my_team')).toEqual({
      create: 'only_my_and_my_team',
      update: 'only_my_and_my_team',
      delete: 'only_my_and_my_team',
      view: 'only_my_and_my_team',
      all: 'only_my_and_my_team',
    });
  });

  it('turns all on for any visible level', () => {
    fc.assert(
      fc.property(visibleLevel, (chosen) => {
        expect(deriveActionState(setAllLevel(chosen))).toEqual({
          create: true,
          update: true,
          delete: true,
          view: true,
          all: true,
        });
      }),
    );
  });

  it('at not_visible turns every action off, all included', () => {
    expect(deriveActionState(setAllLevel('not_visible'))).toEqual({
      create: false,
      update: false,
      delete: false,
      view: false,
      all: false,
    });
  });
});

describe('setting a single action', () => {
  it('clears all, even when the action keeps the level all gave it', () => {
    const state = setActionLevel(setAllLevel('to_all'), 'view', 'to_all');
    expect(state.all).toBeNull();
    expect(deriveActionState(state).all).toBe(false);
    expect(deriveActionState(state).view).toBe(true);
  });

  it('changes only that action and always clears all', () => {
    fc.assert(
      fc.property(settings, singleAction, level, (before, action, chosen) => {
        const after = setActionLevel(before, action, chosen);
        expect(after[action]).toBe(chosen);
        expect(after.all).toBeNull();
        for (const other of SINGLE_ACTIONS) if (other !== action) expect(after[other]).toBe(before[other]);
      }),
    );
  });

  it('starting from no settings, leaves the other actions off', () => {
    expect(deriveActionState(setActionLevel(null, 'create', 'only_my'))).toEqual({
      create: true,
      update: false,
      delete: false,
      view: false,
      all: false,
    });
  });
});

describe('the action state of an entity', () => {
  it('has every action off when there are no visibility settings', () => {
    const off = { create: false, update: false, delete: false, view: false, all: false };
    expect(deriveActionState(null)).toEqual(off);
    expect(deriveActionState(undefined)).toEqual(off);
  });

  it('has an action on exactly when its level is not not_visible', () => {
    fc.assert(
      fc.property(settings, (given) => {
        const state = deriveActionState(given);
        for (const action of SINGLE_ACTIONS) expect(state[action]).toBe(given[action] !== 'not_visible');
      }),
    );
  });

  it('has all on only through the all-level setting, never from the single actions', () => {
    const everyActionToAll: VisibilitySettings = {
      create: 'to_all',
      update: 'to_all',
      delete: 'to_all',
      view: 'to_all',
      all: null,
    };
    expect(deriveActionState(everyActionToAll).all).toBe(false);
    expect(deriveActionState({ ...everyActionToAll, all: 'not_visible' }).all).toBe(false);
    expect(deriveActionState({ ...everyActionToAll, all: 'only_my' }).all).toBe(true);
  });
});

describe('levelOf', () => {
  it('is not_visible for every action without settings', () => {
    for (const action of VISIBILITY_ACTIONS) expect(levelOf(null, action)).toBe('not_visible');
  });

  it("answers all's level for all, not_visible when all is cleared", () => {
    expect(levelOf(setAllLevel('only_my'), 'all')).toBe('only_my');
    expect(levelOf(setActionLevel(setAllLevel('only_my'), 'view', 'to_all'), 'all')).toBe('not_visible');
    expect(levelOf(setActionLevel(setAllLevel('only_my'), 'view', 'to_all'), 'view')).toBe('to_all');
  });
});

describe('normalizeVisibilitySettings', () => {
  it('keeps all when every single action has its level', () => {
    expect(normalizeVisibilitySettings(setAllLevel('only_my'))).toEqual(setAllLevel('only_my'));
  });

  it('clears an all that claims more than the single actions give', () => {
    const contradictory: VisibilitySettings = { ...setAllLevel('to_all'), view: 'only_my' };
    expect(normalizeVisibilitySettings(contradictory)).toEqual({ ...contradictory, all: null });
  });

  it('never changes a single action and is idempotent', () => {
    fc.assert(
      fc.property(settings, (given) => {
        const once = normalizeVisibilitySettings(given);
        for (const action of SINGLE_ACTIONS) expect(once[action]).toBe(given[action]);
        expect(normalizeVisibilitySettings(once)).toEqual(once);
        if (once.all !== null) for (const action of SINGLE_ACTIONS) expect(once[action]).toBe(once.all);
      }),
    );
  });
});
