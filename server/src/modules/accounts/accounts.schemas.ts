import { Type } from '@sinclair/typebox';
import { describedPattern } from '../../shared/pattern-words.js';
import { WorkspaceSchema } from '../workspaces/workspaces.schemas.js';

export const AccountSchema = Type.Object(
  {
    id: Type.String({ examples: ['acct_01jdx0m6r4c5zk2d9w1v8t7q3n'] }),
    uid: Type.Union([Type.String(), Type.Null()], {
      description: 'Firebase user id; null for marketplace accounts',
    }),
    email: Type.Union([Type.String(), Type.Null()]),
    displayName: Type.Union([Type.String(), Type.Null()]),
    photoURL: Type.Union([Type.String(), Type.Null()]),
    createdAt: Type.String({ format: 'date-time' }),
    workspaces: Type.Array(WorkspaceSchema, {
      description:
        'The workspaces you are in, with your role; send `RQ-Workspace: <id>` to work in one (the personal one by default). An API key sees only its own.',
    }),
  },
  { additionalProperties: false },
);

export const SigningSecretSchema = Type.Object(
  {
    secret: Type.String({
      description: 'The secret; masked (rqsig_••••••••abcd) except in the answer to a rotation',
      examples: ['rqsig_••••••••Xy7Q'],
    }),
    createdAt: Type.String({ format: 'date-time' }),
  },
  { additionalProperties: false },
);

/** A path of this site, so a verification link can only lead back here. */
const SITE_PATH = describedPattern('^/(?![/\\\\])', 'must be a path of this site, starting with one /');

export const EmailVerificationBody = Type.Object(
  {
    returnTo: Type.Optional(
      Type.String({
        pattern: SITE_PATH,
        maxLength: 2000,
        description:
          'Where the link leads once the address is verified: a path of this site with its query and fragment (default /).',
      }),
    ),
  },
  { additionalProperties: false, examples: [{ returnTo: '/invitations/accept#token=q3bV0p' }] },
);

export const EmailVerificationLinkSchema = Type.Object(
  {
    email: Type.String({ description: 'The address the link verifies: the one you signed in with.' }),
    link: Type.String({
      description:
        "The Auth emulator's verification link; opening it verifies the address, then goes to `returnTo`.",
    }),
  },
  { additionalProperties: false },
);
