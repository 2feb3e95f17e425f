import { route } from '@kadry/shared/routes';
import { loginAsResponseSchema } from '@kadry/shared/schemas/employee-access';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Loads a page from scratch: its own module function so tests can replace it. */
export const navigation = {
  assign(url: string): void {
    window.location.assign(url);
  },
};

/**
 * "Login as" (`POST employee.loginAs`, docs/decisions/016-login-as.md): the server swaps the session
 * (and with it the CSRF token embedded in the page), so the app is loaded again at the answer's
 * redirect. 403 without the action or into an owner's account, 404 for a hidden employee, 409 without
 * an enabled account, for oneself or while already signed in as someone.
 */
export async function loginAs(id: number): Promise<void> {
  const response = await api.post(route('employee.loginAs', id), undefined, {
    schema: loginAsResponseSchema,
  });
  navigation.assign(response.data.data.redirect);
}

/** Ends "login as" (`POST loginAs.end`) and loads the app again as one's own account. */
export async function endLoginAs(): Promise<void> {
  const response = await api.post(route('loginAs.end'), undefined, { schema: loginAsResponseSchema });
  navigation.assign(response.data.data.redirect);
}

export function useLoginAs(id: number) {
  return useMutation({ mutationFn: () => loginAs(id) });
}

export function useEndLoginAs() {
  return useMutation({ mutationFn: endLoginAs });
}
