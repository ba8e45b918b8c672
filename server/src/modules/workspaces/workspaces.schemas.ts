import { Type } from '@sinclair/typebox';
import { ROLES } from '../../plugins/permissions.js';

export const RoleSchema = Type.Union(
  ROLES.map((role) => Type.Literal(role)),
  { description: 'owner > admin > editor > viewer: each may do all that the weaker roles may' },
);

export const WorkspaceSchema = Type.Object(
  {
    id: Type.String({ examples: ['acct_01jdx0m6r4c5zk2d9w1v8t7q3n'] }),
    name: Type.String(),
    personal: Type.Boolean({ description: "The user's own workspace, made at first sign-in" }),
    role: Type.Union(RoleSchema.anyOf, {
      description:
        "Your role here; for an API key `admin`, within the key's scopes (keys never pay, transfer or delete)",
    }),
    createdAt: Type.String({ format: 'date-time' }),
  },
  { additionalProperties: false },
);

const WORKSPACE_ID = 'acct_01jdx0m6r4c5zk2d9w1v8t7q3n';

export const WorkspaceName = Type.String({ minLength: 1, maxLength: 100, pattern: '\\S' });

export const WorkspaceListSchema = Type.Object(
  { data: Type.Array(WorkspaceSchema) },
  { additionalProperties: false },
);

export const CreateWorkspaceBody = Type.Object(
  { name: WorkspaceName },
  { additionalProperties: false, examples: [{ name: 'Acme marketing' }] },
);

export const UpdateWorkspaceBody = Type.Object(
  { name: Type.Optional(WorkspaceName) },
  { additionalProperties: false, examples: [{ name: 'Acme brand team' }] },
);

export const DeleteWorkspaceBody = Type.Object(
  {
    confirm: Type.Optional(
      Type.String({ description: "The workspace's exact name, typed by the person deleting it" }),
    ),
  },
  { additionalProperties: false, examples: [{ confirm: 'Acme marketing' }] },
);

export const DeletedWorkspaceSchema = Type.Object(
  {
    id: Type.String({ examples: [WORKSPACE_ID] }),
    deleted: Type.Literal(true),
    detail: Type.String({
      description: 'What deleting did: its codes stopped redirecting at once, its data is gone',
    }),
  },
  { additionalProperties: false },
);

export const WorkspaceParams = Type.Object({ id: Type.String({ examples: [WORKSPACE_ID] }) });
export const MemberParams = Type.Object({
  id: Type.String({ examples: [WORKSPACE_ID] }),
  uid: Type.String({ description: "The member's user id (uid)" }),
});
export const InvitationParams = Type.Object({
  id: Type.String({ examples: [WORKSPACE_ID] }),
  invId: Type.String({ examples: ['inv_01jdx0m6r4c5zk2d9w1v8t7q3n'] }),
});

/** The roles one can be given or invited to; owner changes hands only by transfer. */
export const AssignableRoleSchema = Type.Union(
  [Type.Literal('admin'), Type.Literal('editor'), Type.Literal('viewer')],
  {
    description:
      'admin, editor or viewer; the owner changes only by transfer (POST /workspaces/{id}/transfer)',
  },
);

export const MemberSchema = Type.Object(
  {
    uid: Type.String(),
    email: Type.Union([Type.String(), Type.Null()]),
    displayName: Type.Union([Type.String(), Type.Null()]),
    role: RoleSchema,
    joinedAt: Type.String({ format: 'date-time' }),
  },
  { additionalProperties: false },
);

export const MemberListSchema = Type.Object(
  { data: Type.Array(MemberSchema) },
  { additionalProperties: false },
);

export const UpdateMemberBody = Type.Object(
  { role: AssignableRoleSchema },
  { additionalProperties: false, examples: [{ role: 'editor' }] },
);

export const TransferBody = Type.Object(
  { uid: Type.String({ minLength: 1, description: 'The member who becomes the owner' }) },
  { additionalProperties: false, examples: [{ uid: 'Xk3vQ9m2LdPz7sTn0aYb4cWe8fGh' }] },
);

export const CreateInvitationBody = Type.Object(
  {
    email: Type.String({ format: 'email', maxLength: 254 }),
    role: AssignableRoleSchema,
  },
  { additionalProperties: false, examples: [{ email: 'sam@example.com', role: 'editor' }] },
);

export const InvitationSchema = Type.Object(
  {
    id: Type.String({ examples: ['inv_01jdx0m6r4c5zk2d9w1v8t7q3n'] }),
    email: Type.String(),
    role: AssignableRoleSchema,
    invitedBy: Type.String({ description: 'The uid of the member who invited' }),
    createdAt: Type.String({ format: 'date-time' }),
    expiresAt: Type.String({ format: 'date-time' }),
  },
  { additionalProperties: false },
);

export const InvitationListSchema = Type.Object(
  {
    data: Type.Array(InvitationSchema, {
      description: 'Pending invitations: not accepted, revoked or expired',
    }),
  },
  { additionalProperties: false },
);

export const CreatedInvitationSchema = Type.Object(
  {
    ...InvitationSchema.properties,
    url: Type.String({
      description:
        'The link to accept, with the token in its fragment: shown only in this answer (we keep a hash). Share it with the invited person.',
    }),
    mailed: Type.Boolean({
      description:
        'Whether the link was also e-mailed (the server has SMTP_URL and the mail server took it). false: share the url yourself; the invitation exists either way.',
    }),
  },
  { additionalProperties: false },
);

export const AcceptInvitationBody = Type.Object(
  {
    token: Type.String({
      minLength: 1,
      maxLength: 200,
      description: 'The token from the link (after #token=)',
    }),
  },
  { additionalProperties: false, examples: [{ token: 'q3bV0p...' }] },
);
