import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Problem } from '../../shared/problem.js';
import { ProblemSchema } from '../../shared/problem-schema.js';
import {
  canRotateSigningSecret,
  canUseAccount,
  canVerifyEmail,
  canViewSigningSecret,
} from './accounts.permissions.js';
import {
  AccountSchema,
  EmailVerificationBody,
  EmailVerificationLinkSchema,
  SigningSecretSchema,
} from './accounts.schemas.js';

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

  app.post(
    '/api/v1/me/email-verification',
    {
      onRequest: app.authenticate(canVerifyEmail),
      // Every field is optional, so no body at all asks for a link back to the home page.
      preValidation: async (request) => {
        request.body ??= {};
      },
      schema: {
        tags: ['account'],
        summary: 'A link that verifies your e-mail address (Auth emulator)',
        description:
          'Accepting an invitation needs a verified address. On a server whose sign-in runs on the Firebase Auth emulator, which sends no e-mail, this makes the verification link and answers it (the server logs it too); the site shows it. With a real Firebase project Firebase e-mails the link (sendEmailVerification() in its SDK) and this answers 409 `conflict`. Signed-in users only.',
        body: EmailVerificationBody,
        response: { 200: EmailVerificationLinkSchema, 409: ProblemSchema, 422: ProblemSchema },
      },
    },
    async (request) => {
      const email = request.signInEmail?.address;
      if (!email) throw new Problem('unprocessable', 'Your sign-in carries no e-mail address to verify.');
      const returnTo = request.body.returnTo ?? '/';
      const link = await app.emulatorVerificationLink(email, `${app.config.publicUrl}${returnTo}`);
      // The operator sees it where the emulator's own log would have said it (npm start hides that).
      request.log.info(
        { account: request.user?.id, link },
        'e-mail verification link (the Auth emulator sends no e-mail; the site shows it)',
      );
      return { email, link };
    },
  );
}
