import type { ApiAnswer, ApiBody } from '@site/src/api/types';

export const API_KEY_SCOPES = [
  { id: 'qrcodes:read', label: 'Read QR codes' },
  { id: 'qrcodes:write', label: 'Create and change QR codes' },
  { id: 'designs:read', label: 'Read saved designs' },
  { id: 'designs:write', label: 'Save and change designs' },
  { id: 'rules:read', label: 'Read rules' },
  { id: 'rules:write', label: 'Create and change rules' },
  { id: 'hostnames:read', label: 'Read hostnames' },
  { id: 'hostnames:write', label: 'Add and change hostnames' },
  { id: 'analytics:read', label: 'Read analytics' },
  { id: 'conversions:read', label: 'Read conversions and their settings' },
  { id: 'conversions:write', label: 'Report conversions' },
  { id: 'events:read', label: 'Read the audit log' },
  { id: 'webhooks:read', label: 'Read webhooks and their deliveries' },
  { id: 'webhooks:write', label: 'Create, change and test webhooks' },
] as const;

export type ApiKeyScope = (typeof API_KEY_SCOPES)[number]['id'];

type ApiScope = ApiBody<'/api/v1/api-keys', 'post'>['scopes'][number];

/**
 * The list above is the API's, no more and no less (the key form and the docs' list read it):
 * `npm run typecheck` fails on a scope left out or one the API does not take.
 */
type UnlistedScope = Exclude<ApiScope, ApiKeyScope>;
export const everyScopeListed: [UnlistedScope] extends [never] ? true : UnlistedScope = true;
type UnknownScope = Exclude<ApiKeyScope, ApiScope>;
export const onlyApiScopesListed: [UnknownScope] extends [never] ? true : UnknownScope = true;

/** An API key as the API lists it (the secret itself is never listed). */
export type ApiKey = ApiAnswer<'/api/v1/api-keys'>['data'][number];

/** The answer to `POST /api-keys`: the key with its secret, shown once. */
export type CreatedApiKey = ApiAnswer<'/api/v1/api-keys', 'post'>;

export type ApiKeyPage = ApiAnswer<'/api/v1/api-keys'>;
