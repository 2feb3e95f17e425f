import type { ApiToken, WebhookDeliveryState } from '@kadry/shared/schemas/integrations';

export type ApiTokenStatus = 'active' | 'revoked' | 'expired';

export function getApiTokenStatus(
  token: Pick<ApiToken, 'revoked_at' | 'expires_at'>,
  now: Date,
): ApiTokenStatus {
  if (token.revoked_at) return 'revoked';
  if (token.expires_at && Date.parse(token.expires_at) <= now.getTime()) return 'expired';
  return 'active';
}

export const TOKEN_STATUS_COLOR: Record<ApiTokenStatus, 'green' | 'grey' | 'orange'> = {
  active: 'green',
  revoked: 'grey',
  expired: 'orange',
};

export const DELIVERY_STATE_COLOR: Record<WebhookDeliveryState, 'blue' | 'green' | 'orange' | 'red'> = {
  pending: 'blue',
  delivered: 'green',
  failed: 'orange',
  dead: 'red',
};

/** Expiry choices of the create-token form, in days (null: never). */
export const EXPIRY_CHOICES = [null, 30, 90, 365] as const;
export type ExpiryChoice = (typeof EXPIRY_CHOICES)[number];

export function expiryFrom(choice: ExpiryChoice, now: Date): string | null {
  return choice === null ? null : new Date(now.getTime() + choice * 86_400_000).toISOString();
}
