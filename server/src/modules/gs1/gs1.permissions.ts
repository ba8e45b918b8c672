import { permission } from '../../plugins/permissions.js';

/**
 * Who may do what with GS1 items: an item is a code of another kind (a GS1 Digital Link on the
 * workspace's hosts), so it takes the codes' roles and API key scopes.
 */
export const canViewGs1Items = permission('canViewGs1Items', { role: 'viewer', scope: 'qrcodes:read' });
export const canCreateGs1Item = permission('canCreateGs1Item', { role: 'editor', scope: 'qrcodes:write' });
export const canUpdateGs1Item = permission('canUpdateGs1Item', { role: 'editor', scope: 'qrcodes:write' });
export const canDeleteGs1Item = permission('canDeleteGs1Item', { role: 'editor', scope: 'qrcodes:write' });
