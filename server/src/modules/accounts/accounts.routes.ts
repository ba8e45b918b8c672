import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { canRotateSigningSecret, canUseAccount, canViewSigningSecret } from './accounts.permissions.js';
import { AccountSchema, SigningSecretSchema } from './accounts.schemas.js';

/** The signed-in account and its signing secret (for exec calls and webhooks). */
export async function accountsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    '/api/v1/me',
    {
      onRequest: app.authenticate(canUseAccount),
      schema: {
        tags: ['account'],
        summary: 'The account you are signed in as, and your workspaces',
        description:
          "Created on first sign-in. Any API key may read it, whatever its scopes: for a key it is the key's workspace.",
        response: { 200: AccountSchema },
      },
    },
    async (request) => {
      if (request.user) {
        const workspaces = await app.workspaces.listForUser(request.access.actor.id);
        return { ...request.user, workspaces };
      }
      const account = await app.accounts.getById(request.workspace.id);
      if (!account) throw new Error(`workspace ${request.workspace.id} vanished after sign-in`);
      return { ...account, workspaces: [{ ...request.workspace, role: request.access.role }] };
    },
  );

  app.get(
    '/api/v1/me/signing-secret',
    {
      onRequest: app.authenticate(canViewSigningSecret),
      schema: {
        tags: ['account'],
        summary: 'The signing secret, masked',
        description:
          'RQ Codes signs exec calls and webhooks with this secret (HMAC-SHA256). It is made on first use; only its last characters are shown here. Signed-in users only.',
        response: { 200: SigningSecretSchema },
      },
    },
    async (request) => app.accounts.getMaskedSigningSecret(request.workspace.id),
  );

  app.post(
    '/api/v1/me/signing-secret/rotate',
    {
      onRequest: app.authenticate(canRotateSigningSecret),
      schema: {
        tags: ['account'],
        summary: 'Replace the signing secret',
        description:
          'Makes a new secret and answers with it in full: the only time it is shown. For 24 hours exec calls carry two signatures, under the new secret and the replaced one (`RQ-Signature: v1=<new>,v1=<old>`); then only the new one signs. Signed-in users only.',
        response: { 200: SigningSecretSchema },
      },
    },
    async (request) => app.accounts.rotateSigningSecret(request.access),
  );
}
