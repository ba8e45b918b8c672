import { permission } from '../../plugins/permissions.js';

/** Who may do what with qrcodes: see docs "Workspaces and roles" for the whole table. */
export const canViewCodes = permission('canViewCodes', { role: 'viewer', scope: 'qrcodes:read' });
export const canCreateCode = permission('canCreateCode', { role: 'editor', scope: 'qrcodes:write' });
export const canUpdateCode = permission('canUpdateCode', { role: 'editor', scope: 'qrcodes:write' });
export const canDeleteCode = permission('canDeleteCode', { role: 'editor', scope: 'qrcodes:write' });
