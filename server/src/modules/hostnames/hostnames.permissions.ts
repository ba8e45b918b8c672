import { permission } from '../../plugins/permissions.js';

/** Who may do what with hostnames: see docs "Workspaces and roles" for the whole table. */
export const canViewHostnames = permission('canViewHostnames', { role: 'viewer', scope: 'hostnames:read' });
export const canCreateHostname = permission('canCreateHostname', { role: 'admin', scope: 'hostnames:write' });
export const canUpdateHostname = permission('canUpdateHostname', { role: 'admin', scope: 'hostnames:write' });
export const canDeleteHostname = permission('canDeleteHostname', { role: 'admin', scope: 'hostnames:write' });
export const canVerifyHostname = permission('canVerifyHostname', { role: 'admin', scope: 'hostnames:write' });
