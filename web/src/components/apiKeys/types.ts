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
] as const;

export type ApiKeyScope = (typeof API_KEY_SCOPES)[number]['id'];

/** An API key as the API lists it (the secret itself is never listed). */
export interface ApiKey {
  id: string;
  name: string;
  prefix: string;
  scopes: string[];
  createdAt: string;
  lastUsedAt: string | null;
  expiresAt: string | null;
}

export interface CreatedApiKey extends ApiKey {
  key: string;
}

export interface ApiKeyPage {
  data: ApiKey[];
  nextCursor: string | null;
}
