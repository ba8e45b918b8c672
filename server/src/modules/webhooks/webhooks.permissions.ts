import { permission } from '../../plugins/permissions.js';

/** Webhooks are the workspace's admins' and owner's; an API key needs `webhooks:read` or `webhooks:write`. */
export const canViewWebhooks = permission('canViewWebhooks', { role: 'admin', scope: 'webhooks:read' });
export const canManageWebhooks = permission('canManageWebhooks', { role: 'admin', scope: 'webhooks:write' });
