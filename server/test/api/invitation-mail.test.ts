import net from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedInUser, signedInUser } from '../helpers/accounts.js';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { engines } from '../helpers/engines.js';
import { emulatorHost } from '../helpers/firebase.js';
import { accept, createWorkspace, invite, tokenOf, verifiedUser } from '../helpers/workspaces.js';

interface ReceivedMail {
  from: string;
  to: string[];
  user: string | undefined;
  raw: string;
}

/** A local SMTP server that keeps what it receives (login user:secret, no TLS). */
async function startSink(): Promise<{ port: number; mails: ReceivedMail[]; close(): Promise<void> }> {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === 'user' && auth.password === 'secret') callback(null, { user: auth.username });
      else callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          user: session.user as string | undefined,
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as net.AddressInfo;
  return { port, mails, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** A port nobody listens on: a mail server that is down. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** The text of a message as a person reads it (quoted-printable undone). */
function readable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

describe.each(engines)('invitation e-mail on $name', (engine) => {
  let sink: Awaited<ReturnType<typeof startSink>>;
  let t: TestApp;
  let owner: SignedInUser;
  let workspace: string;
  beforeAll(async () => {
    sink = await startSink();
    t = await buildTestApp(engine, {
      env: {
        FIREBASE_AUTH_EMULATOR_HOST: emulatorHost(),
        PUBLIC_URL: 'https://rq.example.com',
        SMTP_URL: `smtp://user:secret@127.0.0.1:${sink.port}`,
        MAIL_FROM: 'RQ Codes <invites@rq.example.com>',
      },
    });
    owner = await signedInUser(t);
    workspace = await createWorkspace(t, owner, 'Mail room');
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });

  it('mails the link, which the invited person accepts with', async () => {
    const invited = await verifiedUser(t);
    const invitation = await invite(t, owner, workspace, invited.email, 'editor');
    expect(invitation.mailed).toBe(true);

    const mail = sink.mails.find((m) => m.to.includes(invited.email));
    expect(mail, 'the sink received the invitation').toBeDefined();
    expect(mail?.from).toBe('invites@rq.example.com');
    expect(mail?.user).toBe('user');
    const text = readable(mail?.raw ?? '');
    expect(text).toContain('Mail room');
    const link = text.match(/https:\/\/rq\.example\.com\/invitations\/accept#token=[\w-]+/)?.[0];
    expect(link).toBe(invitation.url);

    const accepted = await accept(t, invited, tokenOf(link ?? ''));
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({ id: workspace, role: 'editor' });
  });

  it('mails the new link on resend', async () => {
    const invitation = await invite(t, owner, workspace, 'again@example.com', 'viewer');
    const resent = await t.app.inject({
      method: 'POST',
      url: `/api/v1/workspaces/${workspace}/invitations/${invitation.id}/resend`,
      headers: owner.headers,
    });
    expect(resent.json().mailed).toBe(true);
    const texts = sink.mails.filter((m) => m.to.includes('again@example.com')).map((m) => readable(m.raw));
    expect(texts).toHaveLength(2);
    expect(texts[1]).toContain(resent.json().url);
  });
});

describe.each(engines)('invitation e-mail with the mail server down on $name', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(engine, {
      env: {
        FIREBASE_AUTH_EMULATOR_HOST: emulatorHost(),
        SMTP_URL: `smtp://127.0.0.1:${await closedPort()}`,
      },
    });
  });
  afterAll(() => t.close());

  it('still makes the invitation, says mailed: false, and its link works', async () => {
    const owner = await signedInUser(t);
    const workspace = await createWorkspace(t, owner, 'No mail');
    const invited = await verifiedUser(t);
    const invitation = await invite(t, owner, workspace, invited.email, 'viewer');
    expect(invitation.mailed).toBe(false);
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/v1/workspaces/${workspace}/invitations`,
      headers: owner.headers,
    });
    expect(list.json().data.map((i: { id: string }) => i.id)).toContain(invitation.id);
    const accepted = await accept(t, invited, tokenOf(invitation.url));
    expect(accepted.statusCode, accepted.body).toBe(200);
  });
});
