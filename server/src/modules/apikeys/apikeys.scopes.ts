/** What an API key may be allowed to do; each route names the one scope it needs. */
export const SCOPES = [
  'qrcodes:read',
  'qrcodes:write',
  'designs:read',
  'designs:write',
  'rules:read',
  'rules:write',
  'hostnames:read',
  'hostnames:write',
  'analytics:read',
  'conversions:read',
  'conversions:write',
  'events:read',
  'webhooks:read',
  'webhooks:write',
] as const;

export type Scope = (typeof SCOPES)[number];

export function isScope(value: string): value is Scope {
  return (SCOPES as readonly string[]).includes(value);
}
