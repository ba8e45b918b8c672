import { permission } from '../../plugins/permissions.js';

/** Who may do what with rules: see docs "Workspaces and roles" for the whole table. */
export const canViewRules = permission('canViewRules', { role: 'viewer', scope: 'rules:read' });
export const canCreateRule = permission('canCreateRule', { role: 'editor', scope: 'rules:write' });
export const canUpdateRule = permission('canUpdateRule', { role: 'editor', scope: 'rules:write' });
export const canDeleteRule = permission('canDeleteRule', { role: 'editor', scope: 'rules:write' });
