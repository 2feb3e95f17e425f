import { describe, expect, it } from 'vitest';
import {
  PLANNED_ROUTES,
  ROUTES,
  type RouteName,
  route,
  routePattern,
  SERVED_ROUTES,
  UnknownRouteError,
} from './routes';

/** Every route name spec §7.2 addresses by name. */
const SPEC_ROUTE_NAMES = [
  'dashboard.actions.template',
  'dashboard.actions.templateEvents',
  'dashboard.actions.templateEventsOne',
  'dashboard.administrations',
  'employee.all',
  'dashboard.widgets.params',
  'dashboard.widgets.all',
  'dashboard.ask.all',
  'dashboard.ask.my',
  'dashboard.ask.id',
  'dashboard.balance.absence',
  'dashboard.balance.absenceReport',
  'dashboard.birthdays.list',
  'dashboard.corpEvents',
  'employee.candidates',
  'employee.probation',
  'employee.visibleEmployeesPaginated',
  'dictionaries.typesEmployment',
  'dictionaries.typesRelative',
  'dictionaries.employeeReasonOfFire',
  'dictionaries.employeeToc',
  'dictionaries.martialStatus',
  'dictionaries.language',
  'dictionaries.countries',
  'dictionaries.cities',
  'dictionaries.typesPortfolioIcons',
  'dictionaries.peopleExperience',
  'dictionaries.peopleStatus',
  'dictionaries.peopleRole',
  'dictionaries.gender',
  'dashboard.dictionaries.eventTemplates',
];

describe('route', () => {
  it('throws on an unknown route name', () => {
    expect(() => route('dashboard.nope' as RouteName)).toThrow(UnknownRouteError);
    expect(() => route('toString' as RouteName)).toThrow(UnknownRouteError);
    expect(() => routePattern('constructor' as RouteName)).toThrow(UnknownRouteError);
  });

  it('knows every route name the spec addresses', () => {
    for (const name of SPEC_ROUTE_NAMES) expect(ROUTES, name).toHaveProperty([name]);
  });

  it('gives every route a distinct root-relative path', () => {
    const paths = Object.values(ROUTES);
    for (const path of paths) expect(path).toMatch(/^\/([a-z0-9/{}_.-]*[a-z0-9}])?$/i);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('has each name either served or planned, never both', () => {
    const served = Object.keys(SERVED_ROUTES);
    expect(served.filter((name) => Object.hasOwn(PLANNED_ROUTES, name))).toEqual([]);
  });

  it('fills a route parameter from an object or a bare value', () => {
    expect(route('dashboard.ask.id', { id: 7 })).toBe('/api/v1/dashboard/ask/7');
    expect(route('dashboard.actions.templateEventsOne', 12)).toBe(
      '/api/v1/dashboard/actions/template-events/12',
    );
    expect(route('profile.events.comment', { id: 3, commentId: 9 })).toBe(
      '/api/v1/profile/events/3/comments/9',
    );
  });

  it('encodes parameters so they cannot change the path', () => {
    expect(route('auth.password.reset', { token: 'a/../b?c' })).toBe('/app/password/reset/a%2F..%2Fb%3Fc');
  });

  it('throws when a route parameter is missing', () => {
    expect(() => route('dashboard.ask.id')).toThrow(/needs the parameter "id"/);
    expect(() => route('dashboard.ask.id', { id: null })).toThrow(/needs the parameter "id"/);
  });

  it('puts the other parameters in the query, repeating arrays and dropping null', () => {
    expect(
      route('dashboard.actions.template', {
        custom_period_start: null,
        custom_period_end: undefined,
        team_ids: [1, 2],
        employee_ids: [],
        template_ids: [5],
      }),
    ).toBe('/api/v1/dashboard/actions/template?team_ids=1&team_ids=2&template_ids=5');
    expect(route('dashboard.ask.id', { id: 1, per_page: 20 })).toBe('/api/v1/dashboard/ask/1?per_page=20');
  });

  it('gives the Fastify notation of a pattern', () => {
    expect(routePattern('profile.events.comment')).toBe('/api/v1/profile/events/:id/comments/:commentId');
    expect(routePattern('employee.all')).toBe('/api/v1/employees/all');
  });
});
