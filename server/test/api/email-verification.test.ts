import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { createApiKey, type SignedInUser, signedInUser } from '../helpers/accounts.js';
import type { TestApp } from '../helpers/app.js';
import { engines, openTestDatabase, type TestDatabase } from '../helpers/engines.js';
import { emulatorHost, signInWithPassword } from '../helpers/firebase.js';
import { checkAnswersAgainstOpenApi } from '../helpers/openapi-contract.js';
import { accept, createWorkspace, invite, tokenOf } from '../helpers/workspaces.js';

const PUBLIC_URL = 'https://rq.example.com';

/**
 * On the Auth emulator (the default setup) no verification e-mail is ever sent, so the server makes
 * the link, logs it, and answers it for the site to show.
 */
describe.each(engines)('the e-mail verification link on the Auth emulator, on $name', (engine) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let t: TestApp;
  let owner: SignedInUser;
  let workspace: string;
  const logLines: string[] = [];

  beforeAll(async () => {
    database = await openTestDatabase(engine);
    const config = loadConfig({
      LOG_LEVEL: 'info',
      JOB_THREADS: '0',
      FIREBASE_AUTH_EMULATOR_HOST: emulatorHost(),
      PUBLIC_URL,
    });
    const stream = new Writable({
      write(chunk, _encoding, done) {
        logLines.push(String(chunk));
        done();
      },
    });
    app = await buildApp(config, {
      database: database.handle,
      migrate: false,
      serveWeb: false,
      logger: { level: 'info', stream },
    });
    await app.ready();
    checkAnswersAgainstOpenApi(app);
    t = { app, database, config, close: async () => {} };
    owner = await signedInUser(t);
    workspace = await createWorkspace(t, owner, 'Verification');
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  const askForLink = (headers: Record<string, string>, payload?: object) =>
    app.inject({
      method: 'POST',
      url: '/api/v1/me/email-verification',
      headers,
      ...(payload ? { payload } : {}),
    });

  it('shows an unverified invitee the link, logs it, and the link verifies them and leads back to the invitation', async () => {
    const invitee = await signedInUser(t);
    const invitation = await invite(t, owner, workspace, invitee.email, 'editor');
    const token = tokenOf(invitation.url);
    const refused = await accept(t, invitee, token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('email_unverified');

    const returnTo = `/invitations/accept#token=${token}`;
    const answer = await askForLink(invitee.headers, { returnTo });
    expect(answer.statusCode, answer.body).toBe(200);
    const { email, link } = answer.json() as { email: string; link: string };
    expect(email).toBe(invitee.email);
    const url = new URL(link);
    expect(url.host).toBe(emulatorHost());
    expect(url.searchParams.get('mode')).toBe('verifyEmail');
    expect(url.searchParams.get('continueUrl')).toBe(`${PUBLIC_URL}${returnTo}`);
    // The operator can hand it on from the log (npm start shows the server's log, not the emulator's).
    expect(logLines.join('')).toContain(JSON.stringify(link).slice(1, -1));

    // Opening it, as the invitee does from the page: verified, then back to the invitation.
    const opened = await fetch(link, { redirect: 'manual' });
    expect(opened.status).toBe(303);
    expect(opened.headers.get('location')).toBe(`${PUBLIC_URL}${returnTo}`);
    const idToken = await signInWithPassword(invitee.email, invitee.password);
    const accepted = await accept(t, { ...invitee, headers: { authorization: `Bearer ${idToken}` } }, token);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({ id: workspace, role: 'editor' });
  });

  it('leads back to the home page when asked without a body', async () => {
    const user = await signedInUser(t);
    const answer = await askForLink(user.headers);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(new URL(answer.json().link).searchParams.get('continueUrl')).toBe(`${PUBLIC_URL}/`);
  });

  it('leads only to a path of this site: another site is a 400 naming the field', async () => {
    const user = await signedInUser(t);
    for (const returnTo of ['https://evil.example/', '//evil.example/', '/\\evil.example', 'invitations']) {
      const answer = await askForLink(user.headers, { returnTo });
      expect(answer.statusCode, returnTo).toBe(400);
      expect(answer.json()).toMatchObject({
        code: 'validation_failed',
        errors: [{ path: '/body/returnTo', message: expect.stringContaining('path of this site') }],
      });
    }
  });

  it('is for the signed-in person: an API key is refused', async () => {
    const key = await createApiKey(t, owner, ['qrcodes:read']);
    const answer = await askForLink(key.headers, {});
    expect(answer.statusCode).toBe(403);
    expect(answer.json().code).toBe('forbidden');
  });
});
