import { permission } from '../../plugins/permissions.js';

/**
 * Who may do what with a workspace. Routes under /workspaces/{id} check the role the caller holds
 * in {id} (the path is authoritative; RQ-Workspace does not matter there).
 */
export const canListWorkspaces = permission('canListWorkspaces', { role: 'viewer', session: true });
export const canCreateWorkspace = permission('canCreateWorkspace', { role: 'viewer', session: true });
export const canViewWorkspace = permission('canViewWorkspace', { role: 'viewer' });
export const canRenameWorkspace = permission('canRenameWorkspace', { role: 'admin', session: true });
export const canDeleteWorkspace = permission('canDeleteWorkspace', { role: 'owner', session: true });
export const canViewMembers = permission('canViewMembers', { role: 'viewer' });
export const canManageMembers = permission('canManageMembers', { role: 'admin', session: true });
/** Anyone may leave; removing someone else needs canManageMembers (checked in the service). */
export const canLeaveOrRemoveMember = permission('canLeaveOrRemoveMember', { role: 'viewer', session: true });
export const canTransferWorkspace = permission('canTransferWorkspace', { role: 'owner', session: true });
export const canInvite = permission('canInvite', { role: 'admin', session: true });
/** Any signed-in person may accept an invitation made for their verified e-mail address. */
export const canAcceptInvitation = permission('canAcceptInvitation', { role: 'viewer', session: true });
