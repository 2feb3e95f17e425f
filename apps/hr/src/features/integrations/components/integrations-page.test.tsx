import type { ApiToken, Webhook, WebhookDelivery } from '@kadry/shared/schemas/integrations';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ownerRolePermissions, recruiterPermissions } from '../../../lib/permissions/permissions-test-data';
import { findAxeViolations } from '../../../test/axe';
import { pageOf } from '../../../test/recruiting-test-data';
import { type MockRoute, mockFetch, renderApp } from '../../../test/render-app';

const TOKENS = '/api/v1/integrations/api-tokens';
const HOOKS = '/api/v1/integrations/webhooks';
const SECRET_TOKEN = `kadry_${'S'.repeat(43)}`;

function buildToken(overrides: Partial<ApiToken> = {}): ApiToken {
  return {
    id: 1,
    name: 'CRM sync',
    prefix: 'kadry_AbCdEf',
    scopes: ['vacancies:read', 'applications:read'],
    created_by: { id: 7, name: 'Olena Owner' },
    created_at: '2031-03-01T10:00:00.000Z',
    expires_at: null,
    last_used_at: null,
    revoked_at: null,
    ...overrides,
  };
}

function buildWebhook(overrides: Partial<Webhook> = {}): Webhook {
  return {
    id: 3,
    url: 'https://crm.example.com/kadry',
    description: 'CRM',
    events: ['application.created'],
    active: true,
    created_at: '2031-03-01T10:00:00.000Z',
    updated_at: '2031-03-01T10:00:00.000Z',
    last_delivery: null,
    ...overrides,
  };
}

function buildDelivery(overrides: Partial<WebhookDelivery> = {}): WebhookDelivery {
  return {
    id: 40,
    event_id: 'evt_40',
    event_type: 'application.created',
    state: 'delivered',
    attempts: 1,
    response_status: 200,
    last_error: null,
    created_at: '2031-03-02T10:00:00.000Z',
    delivered_at: '2031-03-02T10:00:01.000Z',
    payload: { id: 'evt_40', type: 'application.created', data: { application_id: 311 } },
    ...overrides,
  };
}

/** Routes for the page with these tokens and webhooks (the lists answer the current arrays). */
function integrationRoutes(
  state: { tokens: ApiToken[]; webhooks: Webhook[] },
  extra: MockRoute[] = [],
): MockRoute[] {
  return [
    ...extra,
    { path: TOKENS, body: () => ({ data: state.tokens }) },
    { path: HOOKS, body: () => ({ data: state.webhooks }) },
  ];
}

describe('integrations screen', () => {
  it('is in the owners’ navigation with its empty states, and accessible', async () => {
    mockFetch(integrationRoutes({ tokens: [], webhooks: [] }));
    renderApp('/settings/integrations', { permissions: ownerRolePermissions });
    expect(await screen.findByRole('heading', { level: 1, name: 'Integrations' })).toBeInTheDocument();
    expect(await screen.findByText('No API tokens yet.')).toBeInTheDocument();
    expect(await screen.findByText('No webhooks yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Integrations' })).toHaveAttribute(
      'href',
      '/app/settings/integrations',
    );
    expect(await findAxeViolations()).toEqual([]);
  });

  it('is not there for anyone but owners', async () => {
    const { calls } = mockFetch([{ path: '/api/v1/vacancies', body: pageOf([]) }]);
    renderApp('/settings/integrations', { permissions: recruiterPermissions });
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Integrations' })).not.toBeInTheDocument();
    expect(calls.filter((call) => call.url.pathname.startsWith('/api/v1/integrations'))).toEqual([]);
  });

  it('says when the lists could not be loaded, and retries', async () => {
    const { calls } = mockFetch([
      { path: TOKENS, status: 500, body: { message: 'Server error' } },
      { path: HOOKS, body: { data: [] } },
    ]);
    renderApp('/settings/integrations', { permissions: ownerRolePermissions });
    expect(await screen.findByText('No webhooks yet.')).toBeInTheDocument();
    // A 5xx is retried once before the page says so.
    const retry = await screen.findByRole('button', { name: 'Try again' }, { timeout: 4_000 });
    const before = calls.filter((call) => call.url.pathname === TOKENS).length;
    await userEvent.click(retry);
    await waitFor(() =>
      expect(calls.filter((call) => call.url.pathname === TOKENS).length).toBeGreaterThan(before),
    );
  });
});

describe('API tokens', () => {
  it('creates a token with its scopes and expiry, shows the secret once with a copy button', async () => {
    const state = { tokens: [] as ApiToken[], webhooks: [] as Webhook[] };
    const { calls } = mockFetch(
      integrationRoutes(state, [
        {
          method: 'POST',
          path: TOKENS,
          status: 201,
          body: ({ body }) => {
            const created = buildToken({
              id: 5,
              name: (body as { name: string }).name,
              scopes: ['applications:read', 'applications:write'],
            });
            state.tokens = [created];
            return { data: { ...created, token: SECRET_TOKEN } };
          },
        },
      ]),
    );
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderApp('/settings/integrations', { permissions: ownerRolePermissions });
    await screen.findByText('No API tokens yet.');

    await userEvent.click(screen.getByRole('button', { name: 'Create token' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create an API token' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create token' }));
    expect(within(dialog).getByText('Enter a name')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveFocus();

    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'ATS bridge');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create token' }));
    expect(within(dialog).getByText('Choose at least one permission')).toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('checkbox', { name: /Read applications/ }));
    await userEvent.click(within(dialog).getByRole('checkbox', { name: /Move applications/ }));
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Expires' }), 'In 30 days');
    const before = Date.now();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create token' }));

    const secret = await within(dialog).findByRole('textbox', { name: 'Your new token' });
    expect(secret).toHaveValue(SECRET_TOKEN);
    expect(within(dialog).getByText(/shown only once/)).toBeInTheDocument();
    const post = calls.find((call) => call.method === 'POST' && call.url.pathname === TOKENS);
    const body = post?.body as { name: string; scopes: string[]; expires_at: string };
    expect(body).toMatchObject({ name: 'ATS bridge', scopes: ['applications:read', 'applications:write'] });
    const days = (Date.parse(body.expires_at) - before) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThan(30.1);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith(SECRET_TOKEN);
    expect(await within(dialog).findByRole('status')).toHaveTextContent('Copied to the clipboard');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const list = await screen.findByRole('list', { name: 'API tokens' });
    expect(within(list).getByRole('heading', { name: 'ATS bridge' })).toBeInTheDocument();
    // The list never holds the secret.
    expect(document.body.textContent).not.toContain(SECRET_TOKEN);
  });

  it('shows the server’s field errors', async () => {
    mockFetch(
      integrationRoutes({ tokens: [], webhooks: [] }, [
        {
          method: 'POST',
          path: TOKENS,
          status: 422,
          body: { message: 'Check the fields', errors: { name: ['Name is taken'] } },
        },
      ]),
    );
    renderApp('/settings/integrations', { permissions: ownerRolePermissions });
    await userEvent.click(await screen.findByRole('button', { name: 'Create token' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create an API token' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Dup');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: /Read vacancies/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create token' }));
    expect(await within(dialog).findByText('Name is taken')).toBeInTheDocument();
  });

  it('lists tokens with their state and revokes one after confirmation', async () => {
    const state = {
      tokens: [
        buildToken({ last_used_at: new Date(Date.now() - 2 * 3_600_000).toISOString() }),
        buildToken({ id: 2, name: 'Old one', revoked_at: '2031-03-02T10:00:00.000Z' }),
      ],
      webhooks: [] as Webhook[],
    };
    const { calls } = mockFetch(
      integrationRoutes(state, [
        {
          method: 'POST',
          path: `${TOKENS}/1/revoke`,
          body: () => {
            const revoked = { ...buildToken(), revoked_at: '2031-03-03T10:00:00.000Z' };
            state.tokens = [revoked, ...state.tokens.slice(1)];
            return { data: revoked };
          },
        },
      ]),
    );
    renderApp('/settings/integrations', { permissions: ownerRolePermissions });
    const list = await screen.findByRole('list', { name: 'API tokens' });
    const crm = within(list).getByRole('heading', { name: 'CRM sync' }).closest('li') as HTMLElement;
    expect(within(crm).getByText('Active')).toHaveAttribute('data-color', 'green');
    expect(within(crm).getByText('kadry_AbCdEf…')).toBeInTheDocument();
    expect(within(crm).getByText('2 hours ago')).toBeInTheDocument();
    expect(within(crm).getByText('Read vacancies')).toBeInTheDocument();
    const old = within(list).getByRole('heading', { name: 'Old one' }).closest('li') as HTMLElement;
    expect(within(old).getByText('Revoked')).toBeInTheDocument();
    expect(within(old).queryByRole('button', { name: /Revoke/ })).not.toBeInTheDocument();

    await userEvent.click(within(crm).getByRole('button', { name: 'Revoke CRM sync' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Revoke "CRM sync"?' });
    // Opens on the safe choice.
    expect(within(confirm).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await userEvent.click(within(confirm).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(calls.some((call) => call.method === 'POST' && call.url.pathname === `${TOKENS}/1/revoke`)).toBe(
      true,
    );
    await waitFor(() => expect(within(crm).getByText('Revoked')).toBeInTheDocument());
  });
});

describe('webhooks', () => {
  it('adds a webhook after the form’s own checks, then shows its signing secret once', async () => {
    const state = { tokens: [] as ApiToken[], webhooks: [] as Webhook[] };
    const { calls } = mockFetch(
      integrationRoutes(state, [
        {
          method: 'POST',
          path: HOOKS,
          status: 201,
          body: ({ body }) => {
            const created = buildWebhook({
              id: 9,
              url: (body as { url: string }).url,
              events: ['vacancy.published'],
            });
            state.webhooks = [created];
            return { data: { ...created, secret: 'whsec_once' } };
          },
        },
      ]),
    );
    renderApp('/settings/integrations', { permissions: ownerRolePermissions });
    await userEvent.click(await screen.findByRole('button', { name: 'Add webhook' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a webhook' });
    const url = within(dialog).getByRole('textbox', { name: 'Address (URL)' });
    await userEvent.clear(url);
    await userEvent.type(url, 'not a url');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add webhook' }));
    expect(url).toHaveAccessibleDescription(expect.stringContaining('Enter an http:// or https:// address'));
    expect(url).toHaveFocus();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
    await userEvent.clear(url);
    await userEvent.type(url, 'https://hooks.example.com/in');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add webhook' }));
    expect(within(dialog).getByText('Choose at least one event')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('checkbox', { name: /Vacancy published/ }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Description' }), 'Job board');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add webhook' }));

    const secret = await within(dialog).findByRole('textbox', { name: 'Signing secret' });
    expect(secret).toHaveValue('whsec_once');
    const posted = calls.filter((call) => call.method === 'POST' && call.url.pathname === HOOKS).at(-1);
    expect(posted?.body).toEqual({
      url: 'https://hooks.example.com/in',
      events: ['vacancy.published'],
      description: 'Job board',
      active: true,
    });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(await screen.findByRole('heading', { name: 'https://hooks.example.com/in' })).toBeInTheDocument();
  });

  it('puts a refused address (422 under url) on the URL field', async () => {
    mockFetch(
      integrationRoutes({ tokens: [], webhooks: [] }, [
        {
          method: 'POST',
          path: HOOKS,
          status: 422,
          body: {
            message: 'Check the fields',
            errors: {
              url: ['This address points into a private network or this server. Use a public address.'],
            },
          },
        },
      ]),
    );
    renderApp('/settings/integrations', { permissions: ownerRolePermissions });
    await userEvent.click(await screen.findByRole('button', { name: 'Add webhook' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a webhook' });
    const url = within(dialog).getByRole('textbox', { name: 'Address (URL)' });
    await userEvent.clear(url);
    await userEvent.type(url, 'http://127.0.0.1/hook');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: /New application/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add webhook' }));
    await waitFor(() => expect(url).toHaveAccessibleDescription(expect.stringContaining('private network')));
    expect(url).toHaveFocus();
  });

  it('switches a webhook off, edits it, rotates its secret and deletes it', async () => {
    const state = { tokens: [] as ApiToken[], webhooks: [buildWebhook()] };
    const { calls } = mockFetch(
      integrationRoutes(state, [
        {
          method: 'POST',
          path: `${HOOKS}/3`,
          body: ({ body }) => {
            const { _method: _, ...fields } = body as Record<string, unknown>;
            state.webhooks = [{ ...buildWebhook(), ...(fields as Partial<Webhook>) }];
            return { data: state.webhooks[0] };
          },
        },
        { method: 'POST', path: `${HOOKS}/3/secret`, body: { data: { secret: 'whsec_rotated' } } },
        {
          method: 'DELETE',
          path: `${HOOKS}/3`,
          status: 204,
          body: () => {
            state.webhooks = [];
            return undefined;
          },
        },
      ]),
    );
    renderApp('/settings/integrations', { permissions: ownerRolePermissions });
    const toggle = await screen.findByRole('switch', { name: 'CRM active' });
    expect(toggle).toBeChecked();
    await userEvent.click(toggle);
    await waitFor(() => expect(screen.getByRole('switch', { name: 'CRM active' })).not.toBeChecked());
    const updates = calls.filter((call) => call.method === 'POST' && call.url.pathname === `${HOOKS}/3`);
    expect(updates.at(-1)?.body).toEqual({
      _method: 'PUT',
      url: 'https://crm.example.com/kadry',
      events: ['application.created'],
      description: 'CRM',
      active: false,
    });

    await userEvent.click(screen.getByRole('button', { name: 'Edit CRM' }));
    const edit = await screen.findByRole('dialog', { name: 'Edit webhook' });
    await userEvent.click(within(edit).getByRole('checkbox', { name: /Application moved/ }));
    await userEvent.click(within(edit).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.filter((call) => call.url.pathname === `${HOOKS}/3`).at(-1)?.body).toMatchObject({
      events: ['application.created', 'application.stage_changed'],
    });

    await userEvent.click(screen.getByRole('button', { name: 'New signing secret for CRM' }));
    const rotate = await screen.findByRole('alertdialog', { name: 'Replace the signing secret?' });
    await userEvent.click(within(rotate).getByRole('button', { name: 'New secret' }));
    const shown = await screen.findByRole('dialog', { name: 'New signing secret' });
    expect(within(shown).getByRole('textbox', { name: 'Signing secret' })).toHaveValue('whsec_rotated');
    await userEvent.click(within(shown).getByRole('button', { name: 'Done' }));

    await userEvent.click(await screen.findByRole('button', { name: 'Delete CRM' }));
    const remove = await screen.findByRole('alertdialog', { name: 'Delete the webhook?' });
    await userEvent.click(within(remove).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('No webhooks yet.')).toBeInTheDocument();
  });

  it('shows the delivery log with states, sends a test event and redelivers', async () => {
    const state = {
      tokens: [] as ApiToken[],
      webhooks: [buildWebhook({ last_delivery: { state: 'dead', created_at: '2031-03-02T11:00:00.000Z' } })],
    };
    const deliveries = [
      buildDelivery({
        id: 41,
        event_id: 'evt_41',
        state: 'dead',
        attempts: 8,
        response_status: 503,
        last_error: 'the receiver answered HTTP 503',
        delivered_at: null,
        payload: { id: 'evt_41', type: 'application.created', data: { application_id: 312 } },
      }),
      buildDelivery(),
    ];
    const { calls } = mockFetch(
      integrationRoutes(state, [
        {
          path: `${HOOKS}/3/deliveries`,
          body: () => ({ data: deliveries, meta: { current_page: 1, last_page: 1, per_page: 20, total: 2 } }),
        },
        {
          method: 'POST',
          path: `${HOOKS}/3/test`,
          status: 201,
          body: {
            data: buildDelivery({
              id: 42,
              event_id: 'evt_42',
              event_type: 'ping',
              state: 'pending',
              attempts: 0,
            }),
          },
        },
        {
          method: 'POST',
          path: `${HOOKS}/3/deliveries/41/redeliver`,
          body: { data: { ...deliveries[0], state: 'pending' } },
        },
      ]),
    );
    renderApp('/settings/integrations', { permissions: ownerRolePermissions });
    const card = (await screen.findByRole('heading', { name: 'https://crm.example.com/kadry' })).closest(
      'li',
    ) as HTMLElement;
    expect(within(card).getByText('Failed, gave up')).toHaveAttribute('data-color', 'red');

    await userEvent.click(within(card).getByRole('button', { name: 'Delivery log of CRM' }));
    const log = await screen.findByRole('dialog', { name: 'Delivery log' });
    const items = await within(log).findAllByRole('listitem');
    const dead = items.find((item) => item.textContent?.includes('evt_41')) as HTMLElement;
    expect(within(dead).getByText('Failed, gave up')).toBeInTheDocument();
    expect(within(dead).getByText('503')).toBeInTheDocument();
    expect(within(dead).getByText('the receiver answered HTTP 503')).toBeInTheDocument();
    expect(within(dead).getByText('8')).toBeInTheDocument();
    const delivered = items.find((item) => item.textContent?.includes('evt_40')) as HTMLElement;
    expect(within(delivered).getByText('Delivered')).toHaveAttribute('data-color', 'green');

    await userEvent.click(within(dead).getByRole('button', { name: 'Send evt_41 again' }));
    expect(await within(log).findByText('The delivery is queued again')).toBeInTheDocument();
    expect(calls.some((call) => call.url.pathname === `${HOOKS}/3/deliveries/41/redeliver`)).toBe(true);

    await userEvent.click(within(log).getByRole('button', { name: 'Send test event' }));
    expect(await within(log).findByText('Test event queued')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST' && call.url.pathname === `${HOOKS}/3/test`)).toBe(
      true,
    );
    expect(await findAxeViolations()).toEqual([]);
  });
});
