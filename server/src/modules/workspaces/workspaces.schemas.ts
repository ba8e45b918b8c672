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
