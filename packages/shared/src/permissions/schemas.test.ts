import { describe, expect, it } from 'vitest';
import { setAllLevel } from './permission-state';
import { permissionsMapSchema, updateRoleBodySchema } from './schemas';
import { ENTITIES, ENTITY_ACTIONS, ENTITY_FIELDS, FIELD_KEYS, listEntityActions } from './vocabulary';

describe('updateRoleBodySchema', () => {
  it('accepts one entity and drops top-level extras such as _method and _token', () => {
    const parsed = updateRoleBodySchema.parse({
      _method: 'PUT',
      _token: 'x',
      permissions: { Candidate: { visibilitySettings: setAllLevel('only_my'), actions: ['change_source'] } },
    });
    expect(parsed).toEqual({
      permissions: {
        Candidate: {
          visibilitySettings: setAllLevel('only_my'),
          actions: ['change_source'],
          fields_view: [],
        },
      },
    });
  });

  it('clears an all that the single actions contradict', () => {
    const parsed = updateRoleBodySchema.parse({
      permissions: {
        Vacancy: { visibilitySettings: { ...setAllLevel('to_all'), delete: 'not_visible' }, actions: [] },
      },
    });
    expect(parsed.permissions.Vacancy?.visibilitySettings?.all).toBeNull();
    expect(parsed.permissions.Vacancy?.visibilitySettings?.delete).toBe('not_visible');
  });

  it('rejects an unknown entity, a named action of another entity and a field the entity lacks', () => {
    expect(
      updateRoleBodySchema.safeParse({ permissions: { Spaceship: { visibilitySettings: null } } }).success,
    ).toBe(false);
    expect(
      updateRoleBodySchema.safeParse({
        permissions: { Candidate: { visibilitySettings: null, actions: ['approve_vacation'] } },
      }).success,
    ).toBe(false);
    expect(
      updateRoleBodySchema.safeParse({
        permissions: { Vacancy: { visibilitySettings: null, fields_view: ['field_email'] } },
      }).success,
    ).toBe(false);
    expect(
      updateRoleBodySchema.safeParse({
        permissions: { Dashboard: { visibilitySettings: null, actions: ['export'] } },
      }).success,
    ).toBe(false);
  });

  it('rejects a level outside the vocabulary and an empty name', () => {
    expect(
      updateRoleBodySchema.safeParse({
        permissions: { Payroll: { visibilitySettings: { ...setAllLevel('to_all'), view: 'everyone' } } },
      }).success,
    ).toBe(false);
    expect(updateRoleBodySchema.safeParse({ name: '   ' }).success).toBe(false);
  });

  it('drops repeated actions and fields', () => {
    const parsed = updateRoleBodySchema.parse({
      permissions: {
        Candidate: {
          visibilitySettings: null,
          actions: ['export_database', 'export_database'],
          fields_view: ['field_email', 'field_email'],
        },
      },
    });
    expect(parsed.permissions.Candidate).toMatchObject({
      actions: ['export_database'],
      fields_view: ['field_email'],
    });
  });
});

describe('the vocabulary', () => {
  it('names only entities of the vocabulary in the action and field tables', () => {
    for (const entity of [...Object.keys(ENTITY_ACTIONS), ...Object.keys(ENTITY_FIELDS)]) {
      expect(ENTITIES).toContain(entity);
    }
    for (const fields of Object.values(ENTITY_FIELDS))
      for (const field of fields) expect(FIELD_KEYS).toHaveProperty(field);
  });

  it('includes the named permissions spec §3.2 and §6 mention', () => {
    expect(ENTITY_FIELDS.Employee).toEqual(
      expect.arrayContaining([
        'field_salary',
        'field_files',
        'field_email',
        'field_phone',
        'field_system_role',
        'field_position',
        'field_start_of_work',
        'field_probation_period',
      ]),
    );
    expect(listEntityActions('Candidate')).toEqual(
      expect.arrayContaining(['change_source', 'export_database']),
    );
    expect(listEntityActions('AbsenceRequest')).toHaveLength(13);
    // Ours, not the spec's: HR's side of questions to HR (decision 025).
    expect(listEntityActions('Dashboard')).toEqual(['answer_questions']);
  });

  it('requires every entity in a permissions map', () => {
    const one = { visibilitySettings: null, actions: [], fields_view: [] };
    const full = Object.fromEntries(ENTITIES.map((entity) => [entity, one]));
    expect(permissionsMapSchema.safeParse(full).success).toBe(true);
    const { Vacancy: _missing, ...partial } = full;
    expect(permissionsMapSchema.safeParse(partial).success).toBe(false);
  });
});
