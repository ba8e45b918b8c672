import { permission } from '../../plugins/permissions.js';

/** The audit log is for the workspace's admins and owner; an API key needs `events:read`. */
export const canViewEvents = permission('canViewEvents', { role: 'admin', scope: 'events:read' });
