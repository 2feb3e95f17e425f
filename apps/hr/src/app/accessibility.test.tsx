import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { findAxeViolations } from '../test/axe';
import {
  buildApplication,
  buildCareersSettings,
  buildVacancy,
  ownerPermissions,
  pageOf,
  STAGES,
} from '../test/recruiting-test-data';
import { type MockRoute, mockFetch, renderApp } from '../test/render-app';

const routes: MockRoute[] = [
  { path: '/api/v1/notifications/count', body: { data: { unread: 2 } } },
  {
    path: '/api/v1/vacancies',
    body: pageOf([buildVacancy({ status: 2 }), buildVacancy({ id: 2, name: 'QA', status: 3 })], 2),
  },
  { path: '/api/v1/vacancies/1', body: { data: buildVacancy({ description: '<p>About</p>' }) } },
  { path: '/api/v1/vacancies/1/stages', body: { data: STAGES } },
  { path: '/api/v1/teams', body: { data: [{ id: 1, name: 'Platform' }] } },
  { path: '/api/v1/users', body: { data: [{ id: 8, name: 'Rita Recruiter' }] } },
  { path: '/api/v1/forms', body: { data: [{ id: 1, name: 'Default', is_default: true, fields_count: 2 }] } },
  {
    path: '/api/v1/forms/1',
    body: {
      data: {
        id: 1,
        name: 'Default',
        is_default: true,
        vacancy_ids: [],
        fields: [
          {
            name: 'Email',
            type: 'email',
            input_type: 'email',
            required: true,
            validation: null,
            input_meta: null,
          },
          {
            name: 'Seniority',
            type: 'custom_property',
            input_type: 'select',
            required: false,
            validation: null,
            input_meta: { options: [{ id: 1, name: 'Senior' }] },
          },
          {
            name: 'CV',
            type: 'cv',
            input_type: 'files',
            required: true,
            validation: null,
            input_meta: { maxFiles: 1, formats: ['pdf'] },
          },
        ],
      },
    },
  },
  { path: '/api/v1/careers-settings', body: { data: buildCareersSettings() } },
  { path: '/api/v1/applications', body: pageOf([buildApplication()]) },
  {
    path: '/api/v1/applications/11',
    body: {
      data: buildApplication({
        answers: [
          {
            name: 'CV',
            type: 'cv',
            input_type: 'files',
            value: null,
            display: 'cv.pdf',
            files: [
              { id: 5, name: 'cv.pdf', size: 2048, format: 'pdf', download_url: '/api/v1/files/5/download' },
            ],
          },
        ],
        cv_text: 'Text',
      }),
    },
  },
  { path: '/api/v1/applications/11/comments', body: { data: [] } },
];

describe('accessibility (axe)', () => {
  it.each([
    ['/vacancies', 'Vacancies'],
    ['/vacancies/1', 'Backend engineer'],
    ['/applications', 'Candidates'],
    ['/applications/11', 'Taras Shevchuk'],
    ['/vacancies/1/board', 'Candidates: Backend engineer'],
    ['/careers-settings', 'Careers site settings'],
    ['/forms/1', 'Default'],
  ])('%s has one h1 and no violations', async (path, heading) => {
    mockFetch(routes);
    renderApp(path, { permissions: ownerPermissions });
    await screen.findByRole('heading', { level: 1, name: heading });
    // Let the page's remaining queries settle before scanning.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(await findAxeViolations()).toEqual([]);
  });
});
