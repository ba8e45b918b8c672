import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { ProblemSchema } from '../../shared/problem-schema.js';
import {
  canAcceptInvitation,
  canCreateWorkspace,
  canDeleteWorkspace,
  canInvite,
  canLeaveOrRemoveMember,
  canListWorkspaces,
  canManageMembers,
  canRenameWorkspace,
  canTransferWorkspace,
  canViewMembers,
  canViewWorkspace,
} from './workspaces.permissions.js';
import {
  AcceptInvitationBody,
  CreatedInvitationSchema,
  CreateInvitationBody,
  CreateWorkspaceBody,
  DeletedWorkspaceSchema,
  DeleteWorkspaceBody,
  InvitationListSchema,
  InvitationParams,
  MemberListSchema,
  MemberParams,
  MemberSchema,
  TransferBody,
  UpdateMemberBody,
  UpdateWorkspaceBody,
  WorkspaceListSchema,
  WorkspaceParams,
  WorkspaceSchema,
} from './workspaces.schemas.js';

/** Routes under /workspaces/{id}: the path names the workspace, and the role is the caller's there. */
const byPath = { workspaceParam: 'id' } as const;

export async function workspacesRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const tags = ['workspaces'];

  app.get(
    '/api/v1/workspaces',
    {
      onRequest: app.authenticate(canListWorkspaces),
      schema: {
        tags,
        summary: 'List your workspaces',
        description: 'Every workspace you are a member of, with your role there; your personal one first.',
        response: { 200: WorkspaceListSchema },
      },
    },
    async (request) => ({ data: await app.workspaces.listForUser(request.access.actor.id) }),
  );

  app.post(
    '/api/v1/workspaces',
    {
      onRequest: app.authenticate(canCreateWorkspace),
      preHandler: app.idempotent,
      schema: {
        tags,
        summary: 'Create a team workspace',
        description: 'You become its owner. Send `RQ-Workspace: <id>` to work in it.',
        body: CreateWorkspaceBody,
        response: { 201: WorkspaceSchema },
      },
    },
    async (request, reply) => {
      const created = await app.workspaces.create(
        { uid: request.access.actor.id, actor: request.access.actor, requestId: request.access.requestId },
        request.body.name.trim(),
      );
      return reply.code(201).send(created);
    },
  );

  app.get(
    '/api/v1/workspaces/:id',
    {
      onRequest: app.authenticate(canViewWorkspace, byPath),
      schema: {
        tags,
        summary: 'Get a workspace',
        description: 'A workspace you are a member of, with your role; any other is a 404.',
        params: WorkspaceParams,
        response: { 200: WorkspaceSchema, 404: ProblemSchema },
      },
    },
    async (request) => app.workspaces.get(request.access),
  );

  app.patch(
    '/api/v1/workspaces/:id',
    {
      onRequest: app.authenticate(canRenameWorkspace, byPath),
      schema: {
        tags,
        summary: 'Rename a workspace',
        params: WorkspaceParams,
        body: UpdateWorkspaceBody,
        response: { 200: WorkspaceSchema, 404: ProblemSchema },
      },
    },
    async (request) => app.workspaces.rename(request.access, request.body),
  );

  app.delete(
    '/api/v1/workspaces/:id',
    {
      onRequest: app.authenticate(canDeleteWorkspace, byPath),
      // No body at all is a missing confirmation (422, which says what to send), not a 400.
      preValidation: async (request) => {
        request.body ??= {};
      },
      schema: {
        tags,
        summary: 'Delete a team workspace and everything in it',
        description:
          'Send the exact name: `{ "confirm": "<name>" }` (otherwise 422 `confirmation_required`). Deleting erases the workspace\'s codes, rules, designs, assets, hostnames, API keys, plans, analytics, events, members and invitations. **Its codes stop redirecting at once** (their short URLs answer 404). A personal workspace cannot be deleted (409 `personal_workspace`). The `workspace.deleted` event goes to your personal workspace\'s log.',
        params: WorkspaceParams,
        body: DeleteWorkspaceBody,
        response: { 200: DeletedWorkspaceSchema, 404: ProblemSchema, 409: ProblemSchema, 422: ProblemSchema },
      },
    },
    async (request) => {
      await app.workspaces.delete(request.access, request.body?.confirm);
      return {
        id: request.access.workspaceId,
        deleted: true as const,
        detail: 'The workspace and everything in it were deleted; its codes stopped redirecting.',
      };
    },
  );

  app.get(
    '/api/v1/workspaces/:id/members',
    {
      onRequest: app.authenticate(canViewMembers, byPath),
      schema: {
        tags,
        summary: 'List members',
        description: "Each member's profile (from their own account) and role, in the order they joined.",
        params: WorkspaceParams,
        response: { 200: MemberListSchema, 404: ProblemSchema },
      },
    },
    async (request) => ({ data: await app.workspaces.listMembers(request.access.workspaceId) }),
  );

  app.patch(
    '/api/v1/workspaces/:id/members/:uid',
    {
      onRequest: app.authenticate(canManageMembers, byPath),
      schema: {
        tags,
        summary: "Change a member's role",
        description:
          "admin, editor or viewer. The owner's role changes only by transfer (409 `owner_must_transfer`).",
        params: MemberParams,
        body: UpdateMemberBody,
        response: { 200: MemberSchema, 404: ProblemSchema, 409: ProblemSchema },
      },
    },
    async (request) => app.workspaces.setRole(request.access, request.params.uid, request.body.role),
  );

  app.delete(
    '/api/v1/workspaces/:id/members/:uid',
    {
      onRequest: app.authenticate(canLeaveOrRemoveMember, byPath),
      schema: {
        tags,
        summary: 'Remove a member, or leave',
        description:
          'Your own uid: you leave (any role but owner). Someone else: needs admin (canManageMembers). The owner can neither leave nor be removed: transfer the workspace first (409 `owner_must_transfer`).',
        params: MemberParams,
        response: { 204: Type.Null({ description: 'Removed' }), 404: ProblemSchema, 409: ProblemSchema },
      },
    },
    async (request, reply) => {
      await app.workspaces.removeMember(request.access, request.principal, request.params.uid);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/v1/workspaces/:id/transfer',
    {
      onRequest: app.authenticate(canTransferWorkspace, byPath),
      schema: {
        tags,
        summary: 'Transfer ownership',
        description:
          'Makes another member the owner; you become an admin. A personal workspace cannot be transferred (409 `personal_workspace`). Answers the members.',
        params: WorkspaceParams,
        body: TransferBody,
        response: { 200: MemberListSchema, 404: ProblemSchema, 409: ProblemSchema },
      },
    },
    async (request) => ({ data: await app.workspaces.transfer(request.access, request.body.uid) }),
  );

  app.post(
    '/api/v1/workspaces/:id/invitations',
    {
      onRequest: app.authenticate(canInvite, byPath),
      schema: {
        tags,
        summary: 'Invite someone by e-mail',
        description:
          'Answers the link to accept (`url`, with its token: shown this once) for 7 days. With SMTP configured the server also e-mails it (`mailed: true`); otherwise, or when the mail server refuses, share the url yourself: the invitation exists either way. 409 `already_member` or `invitation_pending` for an address already in or invited.',
        params: WorkspaceParams,
        body: CreateInvitationBody,
        response: { 201: CreatedInvitationSchema, 404: ProblemSchema, 409: ProblemSchema },
      },
    },
    async (request, reply) => {
      const sent = await app.invitations.create(request.access, request.body);
      return reply.code(201).send(sent);
    },
  );

  app.get(
    '/api/v1/workspaces/:id/invitations',
    {
      onRequest: app.authenticate(canInvite, byPath),
      schema: {
        tags,
        summary: 'List pending invitations',
        description: 'Not yet accepted, revoked or expired; without their links.',
        params: WorkspaceParams,
        response: { 200: InvitationListSchema, 404: ProblemSchema },
      },
    },
    async (request) => ({ data: await app.invitations.listPending(request.access.workspaceId) }),
  );

  app.delete(
    '/api/v1/workspaces/:id/invitations/:invId',
    {
      onRequest: app.authenticate(canInvite, byPath),
      schema: {
        tags,
        summary: 'Revoke an invitation',
        description: 'Its link stops working (410 `invitation_revoked`).',
        params: InvitationParams,
        response: { 204: Type.Null({ description: 'Revoked' }), 404: ProblemSchema, 409: ProblemSchema },
      },
    },
    async (request, reply) => {
      await app.invitations.revoke(request.access, request.params.invId);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/v1/workspaces/:id/invitations/:invId/resend',
    {
      onRequest: app.authenticate(canInvite, byPath),
      schema: {
        tags,
        summary: 'Resend an invitation',
        description:
          'A new link, valid 7 more days, mailed again when SMTP is configured; the old link stops working. Works for pending and expired invitations.',
        params: InvitationParams,
        response: {
          200: CreatedInvitationSchema,
          404: ProblemSchema,
          409: ProblemSchema,
          410: ProblemSchema,
        },
      },
    },
    async (request) => app.invitations.resend(request.access, request.params.invId),
  );

  app.post(
    '/api/v1/invitations/accept',
    {
      onRequest: app.authenticate(canAcceptInvitation),
      schema: {
        tags,
        summary: 'Accept an invitation',
        description:
          'With the token from the link. Your Firebase e-mail must be verified (403 `email_unverified`) and be the invited address (403 `email_mismatch`). An unknown token is a 404; an expired or revoked one 410 (`invitation_expired`, `invitation_revoked`); a used one 409 `invitation_used`, or `already_member` when you are in already. Answers the workspace you joined, with your role.',
        body: AcceptInvitationBody,
        response: {
          200: WorkspaceSchema,
          403: ProblemSchema,
          404: ProblemSchema,
          409: ProblemSchema,
          410: ProblemSchema,
        },
      },
    },
    async (request) => {
      const email = request.signInEmail;
      return app.invitations.accept(
        {
          uid: request.access.actor.id,
          email: email?.address ?? null,
          emailVerified: email?.verified ?? false,
        },
        request.body.token,
        request.access.requestId,
      );
    },
  );
}
