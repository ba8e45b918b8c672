import { permission } from '../../plugins/permissions.js';

/** Every member, viewers included, reads the workspace's analytics. */
export const canViewAnalytics = permission('canViewAnalytics', { role: 'viewer', scope: 'analytics:read' });
