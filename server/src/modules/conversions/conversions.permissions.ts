import { permission } from '../../plugins/permissions.js';

/** Who may do what with conversions and experiments: see docs "Workspaces and roles" for the whole table. */
export const canViewConversions = permission('canViewConversions', {
  role: 'viewer',
  scope: 'conversions:read',
});
/** Reporting conversions is what a shop's back end does with a key of this scope. */
export const canReportConversions = permission('canReportConversions', {
  role: 'editor',
  scope: 'conversions:write',
});
/** The attribution default changes every code's redirects, so it is an admin's setting. */
export const canChangeConversionSettings = permission('canChangeConversionSettings', {
  role: 'admin',
  scope: 'conversions:write',
});
export const canViewExperiments = permission('canViewExperiments', {
  role: 'viewer',
  scope: 'analytics:read',
});
/** Keeping the winner rewrites the rule, so it needs what changing a rule needs. */
export const canKeepWinner = permission('canKeepWinner', { role: 'editor', scope: 'rules:write' });
