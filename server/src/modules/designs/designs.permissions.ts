import { permission } from '../../plugins/permissions.js';

/** Who may do what with designs: see docs "Workspaces and roles" for the whole table. */
export const canViewDesigns = permission('canViewDesigns', { role: 'viewer', scope: 'designs:read' });
export const canCreateDesign = permission('canCreateDesign', { role: 'editor', scope: 'designs:write' });
export const canUpdateDesign = permission('canUpdateDesign', { role: 'editor', scope: 'designs:write' });
export const canDeleteDesign = permission('canDeleteDesign', { role: 'editor', scope: 'designs:write' });
/** Applying a design restyles codes, so it needs what changing a code needs. */
export const canApplyDesign = permission('canApplyDesign', { role: 'editor', scope: 'qrcodes:write' });
