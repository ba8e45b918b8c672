import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Role } from '../../plugins/permissions.js';

export interface WorkspaceMembersTable {
  workspace_id: string;
  /** The member's Firebase uid; their profile is their personal account's. */
  uid: string;
  role: Role;
  joined_at: number;
}

export interface WorkspaceInvitationsTable {
  id: string;
  workspace_id: string;
  /** Lower case; only a user whose verified e-mail this is may accept. */
  email: string;
  role: Exclude<Role, 'owner'>;
  /** SHA-256 of the token in the invitation link; the token itself is shown once. */
  token_hash: string;
  invited_by: string;
  created_at: number;
  expires_at: number;
  accepted_at: number | null;
  accepted_by: string | null;
  revoked_at: number | null;
}

export type MemberRow = Selectable<WorkspaceMembersTable>;
export type InvitationRow = Selectable<WorkspaceInvitationsTable>;
export type NewInvitationRow = Insertable<WorkspaceInvitationsTable>;
export type InvitationUpdate = Updateable<WorkspaceInvitationsTable>;
