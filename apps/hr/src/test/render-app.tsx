import en from '@kadry/shared/i18n/en.json';
import type { UserPermissions } from '@kadry/shared/permissions/schemas';
import type { AppPageData } from '@kadry/shared/schemas/auth';
import { createSnackbarStore } from '@kadry/ui/snackbar/snackbar-store';
import { render } from '@testing-library/react';
import { vi } from 'vitest';
import { memoryLocation } from 'wouter/memory-location';
import { App } from '../app/app';
import { createQueryClient } from '../app/query-client';
import { createPermissionsStore } from '../lib/permissions/permissions-store';
import { findContractViolation, recordContractViolation } from './api-contract';

// Test support for screen tests (imported by *.test.tsx only): the whole app at a path, with fetch mocked.

type MockJson = null | string | number | boolean | readonly unknown[] | { [key: string]: unknown };

export type MockRoute = {
  method?: 'GET' | 'POST' | 'DELETE';
  /** Path without the query string, e.g. /api/v1/vacancies/1. */
  path: string;
  /** 200 unless told; 204 answers with no body whatever `body` returns. */
  status?: number;
  /**
   * The JSON answer, or a function of the request that answers it (and may record or change state).
   * Left out, or undefined from the function: an answer with no body, as a 204 has.
   */
  body?: MockJson | ((request: { url: URL; body: unknown }) => unknown);
};

export type RecordedCall = { method: string; url: URL; body: unknown };

export function buildPageData(overrides: Partial<AppPageData['settings']> = {}): AppPageData {
  return {
    user: {
      id: 7,
      employeeId: 7,
      hashedId: 'u7',
      name: 'Olena Owner',
      locale: 'en',
      timezone: 'Europe/Kyiv',
      mailType: 'default',
      mailMaxSize: 26_214_400,
      hasGoogleCalendar: false,
      impersonator: null,
    },
    settings: {
      googleSynchronizationEnabled: false,
      rolesUpdatedAt: null,
      indexedDbVersion: 1,
      candidatePersonalDataEnabled: true,
      russianIsEnabled: true,
      releaseVersion: '1.0.0',
      dictionaryUpdatedAt: {},
      supportChat: false,
      teamAccess: false,
      tariffs: ['hrm', 'ats'],
      ...overrides,
    },
    company: { avatar: null, name: 'Acme' },
  };
}

function readBody(init: RequestInit | undefined): unknown {
  if (typeof init?.body === 'string') return JSON.parse(init.body);
  return init?.body ?? null;
}

/**
 * A fetch that answers the given routes (first match wins) and 404 for the rest, recording every call.
 * Every answer is checked against what the server answers on that route (test/api-contract.ts): a fixed
 * answer when the fake is made, an answer computed by a function when it is given (the test fails after).
 */
export function mockFetch(routes: MockRoute[]) {
  for (const item of routes) {
    if (typeof item.body === 'function') continue;
    const violation = findContractViolation(item.method ?? 'GET', item.path, item.status ?? 200, item.body);
    if (violation) throw new Error(violation);
  }
  const calls: RecordedCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const body = readBody(init);
    calls.push({ method, url, body });
    const match = routes.find((item) => (item.method ?? 'GET') === method && item.path === url.pathname);
    if (!match) {
      return new Response(JSON.stringify({ message: 'Not found' }), {
        status: 404,
        statusText: 'Not Found',
        headers: { 'content-type': 'application/json' },
      });
    }
    const status = match.status ?? 200;
    const answer = typeof match.body === 'function' ? match.body({ url, body }) : match.body;
    if (typeof match.body === 'function') {
      const violation = findContractViolation(method, match.path, status, answer);
      if (violation) recordContractViolation(violation);
    }
    if (status === 204 || answer === undefined) return new Response(null, { status });
    return new Response(JSON.stringify(answer), { status, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

type RenderOptions = {
  permissions: UserPermissions;
  pageData?: AppPageData;
  /** How the app loads the user's permissions; by default it answers `permissions` every time. */
  fetchPermissions?: () => Promise<UserPermissions>;
};

function mountApp(
  { permissions, pageData = buildPageData(), fetchPermissions = async () => permissions }: RenderOptions,
  routerHook: Parameters<typeof App>[0]['routerHook'],
) {
  if (!document.querySelector('meta[name="csrf-token"]')) {
    const meta = document.createElement('meta');
    meta.name = 'csrf-token';
    meta.content = 'test-token';
    document.head.append(meta);
  }
  const snackbars = createSnackbarStore();
  const store = createPermissionsStore({ fetchPermissions });
  const view = render(
    <App
      pageData={pageData}
      catalog={en}
      queryClient={createQueryClient()}
      permissions={store}
      snackbars={snackbars}
      routerHook={routerHook}
    />,
  );
  return { ...view, snackbars };
}

/** The app at `path` (under /app) in an in-memory location that records every address it goes to. */
export function renderApp(path: string, options: RenderOptions) {
  const location = memoryLocation({ path: `/app${path}`, record: true });
  return { ...mountApp(options, location.hook), location };
}

/**
 * The app at `path` (under /app) on jsdom's own window.history, for tests that go Back and Forward
 * (history.back() fires popstate as a browser does). The address is window.location; the test resets
 * it afterwards if later tests expect another start.
 */
export function renderAppInBrowserHistory(path: string, options: RenderOptions) {
  window.history.pushState(null, '', `/app${path}`);
  return mountApp(options, undefined);
}
