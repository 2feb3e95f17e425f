import { setAllLevel } from '@kadry/shared/permissions/permission-state';
import type { EmployeeDetails, EmployeeListItem } from '@kadry/shared/schemas/employees';
import { buildPermissions } from '../../lib/permissions/permissions-test-data';
import type { MockRoute } from '../../test/render-app';

// Test data of the employees screens (imported by their tests only).

export function buildListItem(overrides: Partial<EmployeeListItem> = {}): EmployeeListItem {
  return {
    id: 11,
    name: 'Anna Kovalenko',
    name_alt: 'Анна Коваленко',
    photo_url: null,
    employee_number: 'E-011',
    email: 'anna@acme.test',
    phone: '+380501112233',
    position: 'Engineer',
    start_of_work: '2030-02-01',
    probation_period: '2030-05-01',
    teams: [{ id: 4, name: 'Platform', is_manager: true }],
    status: { id: 1, name: 'Working' },
    employment_type: { id: 2, name: 'Full time' },
    city: 'Kyiv',
    is_dismissed: false,
    access: 'active',
    ...overrides,
  };
}

export function buildEmployee(overrides: Partial<EmployeeDetails> = {}): EmployeeDetails {
  return {
    id: 11,
    name: 'Anna Kovalenko',
    first_name: 'Anna',
    last_name: 'Kovalenko',
    middle_name: null,
    first_name_alt: 'Анна',
    last_name_alt: 'Коваленко',
    middle_name_alt: null,
    employee_number: 'E-011',
    photo_url: null,
    position: 'Engineer',
    grade: null,
    teams: [{ id: 4, name: 'Platform', is_manager: false, is_hidden: false }],
    manager: { id: 7, name: 'Olena Owner', photo_url: null },
    employment_type: { id: 2, name: 'Full time' },
    terms_of_cooperation: null,
    status: { id: 1, name: 'Working' },
    experience: null,
    start_of_work: '2030-02-01',
    probation_period: '2030-05-01',
    dismissal_date: null,
    dismissal_reason: null,
    is_dismissed: false,
    notes: null,
    email: 'anna@acme.test',
    phone: '+380501112233',
    personal_email: null,
    personal_phone: null,
    links: [{ id: 1, icon: { id: 3, name: 'GitHub', icon: 'github' }, url: 'github.com/anna' }],
    birth_date: '1995-06-15',
    gender: null,
    marital_status: null,
    country: { code: 'UA', name: 'Ukraine' },
    city: { id: null, name: 'Kyiv' },
    address: 'Khreshchatyk 1',
    languages: [{ language: { id: 1, name: 'English' }, level: { id: 2, name: 'B2' } }],
    relatives: [
      { id: 5, relative_type: { id: 1, name: 'Daughter' }, name: 'Maria', birth_date: '2025-01-10' },
    ],
    salary: {
      id: 1,
      amount: '3000.00',
      currency: 'USD',
      effective_from: '2030-02-01',
      note: null,
      created_at: '2030-02-01T09:00:00.000Z',
    },
    files: [],
    system_role: null,
    custom_fields: {},
    access: 'none',
    can: {
      update: true,
      delete: true,
      send_access: true,
      login_as: false,
      update_avatar: true,
      email: true,
      view_sections: ['profile', 'contacts', 'personal_info', 'files'],
      edit_sections: ['profile', 'contacts', 'personal_info', 'files'],
    },
    created_at: '2030-01-01T09:00:00.000Z',
    updated_at: '2030-01-01T09:00:00.000Z',
    ...overrides,
  };
}

/** An HR-like role: every employee, every field, and the actions given. */
export function buildEmployeePermissions({
  actions = ['extended_filters_and_sorting', 'send_access', 'update_avatar', 'get_profile', 'email'],
  fields = [
    'field_salary',
    'field_files',
    'field_email',
    'field_phone',
    'field_position',
    'field_start_of_work',
    'field_probation_period',
    'field_birth_date',
    'field_address',
  ],
}: {
  actions?: string[];
  fields?: string[];
} = {}) {
  const entity = { visibilitySettings: setAllLevel('to_all'), actions, fields_view: fields };
  return buildPermissions({
    Employee: entity,
    'Employee.Profile': { ...entity, actions: [] },
    Teams: { visibilitySettings: setAllLevel('to_all'), actions: [], fields_view: [] },
  });
}

export function dictionaryOf(names: string[]) {
  return {
    data: names.map((name, index) => ({
      id: index + 1,
      code: name.toLowerCase(),
      name,
      meta: {},
      position: index,
    })),
  };
}

export const TEAMS = [
  { id: 4, name: 'Platform', members_count: 3, managers: [], is_member: false },
  { id: 5, name: 'Sales', members_count: 1, managers: [], is_member: false },
];

/** The dictionaries and pickers every employees screen may ask for. */
export function lookupRoutes(): MockRoute[] {
  return [
    { path: '/api/v1/org/teams', body: { data: TEAMS } },
    { path: '/api/v1/dictionaries/people-status', body: dictionaryOf(['Working', 'On leave']) },
    { path: '/api/v1/dictionaries/types-employment', body: dictionaryOf(['Part time', 'Full time']) },
    { path: '/api/v1/dictionaries/employee-toc', body: dictionaryOf(['Contract']) },
    { path: '/api/v1/dictionaries/people-experience', body: dictionaryOf(['Junior']) },
    {
      path: '/api/v1/dictionaries/types-portfolio-icons',
      body: dictionaryOf(['LinkedIn', 'Telegram', 'GitHub']),
    },
    { path: '/api/v1/dictionaries/gender', body: dictionaryOf(['Female', 'Male']) },
    { path: '/api/v1/dictionaries/marital-status', body: dictionaryOf(['Single']) },
    {
      path: '/api/v1/dictionaries/language',
      body: {
        data: dictionaryOf(['English', 'Polish']).data.map((entry) => ({
          ...entry,
          meta: {
            levels: [
              { id: 1, name: 'A1' },
              { id: 2, name: 'B2' },
            ],
          },
        })),
      },
    },
    { path: '/api/v1/dictionaries/grade', body: dictionaryOf(['Middle', 'Senior']) },
    {
      path: '/api/v1/dictionaries/countries',
      body: {
        data: [
          { id: 804, code: 'UA', name: 'Ukraine', meta: {}, position: 0 },
          { id: 616, code: 'PL', name: 'Poland', meta: {}, position: 1 },
        ],
      },
    },
    {
      path: '/api/v1/dictionaries/cities',
      body: {
        data: [
          { id: 9001, code: '9001', name: 'Lviv', meta: {}, position: 0 },
          { id: 9002, code: '9002', name: 'Lutsk', meta: {}, position: 1 },
        ],
      },
    },
    { path: '/api/v1/dictionaries/types-relative', body: dictionaryOf(['Daughter', 'Son']) },
    { path: '/api/v1/dictionaries/employee-reason-of-fire', body: dictionaryOf(['Own wish']) },
    { path: '/api/v1/employee-fields', body: { data: [] } },
    {
      path: '/api/v1/employees/all',
      body: {
        data: [
          { id: 7, name: 'Olena Owner', photo_url: null },
          { id: 11, name: 'Anna Kovalenko', photo_url: null },
        ],
      },
    },
    {
      path: '/api/v1/roles',
      body: {
        data: [
          { id: 1, key: 'owner', name: 'Owner', updatedAt: '2031-03-01T10:00:00.000Z', users_count: 1 },
          { id: 5, key: 'employee', name: 'Employee', updatedAt: '2031-03-01T10:00:00.000Z', users_count: 3 },
        ],
      },
    },
    {
      path: '/api/v1/employees/11/changes',
      body: { data: [], meta: { current_page: 1, last_page: 1, per_page: 20, total: 0 } },
    },
  ];
}
