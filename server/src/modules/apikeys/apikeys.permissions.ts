import { permission } from '../../plugins/permissions.js';

/** API keys are the workspace's, managed by its admins in person: a key never manages keys. */
export const canViewApiKeys = permission('canViewApiKeys', { role: 'admin', session: true });
export const canCreateApiKey = permission('canCreateApiKey', { role: 'admin', session: true });
export const canRevokeApiKey = permission('canRevokeApiKey', { role: 'admin', session: true });
