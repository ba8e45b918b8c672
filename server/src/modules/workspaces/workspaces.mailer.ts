import type { FastifyBaseLogger } from 'fastify';
import { loadOnUse } from '../../shared/load-on-use.js';

export interface InvitationMail {
  /** The invitation's id, for the log (the address stays out of it). */
  invitationId: string;
  to: string;
  workspaceName: string;
  inviter: string;
  role: string;
  url: string;
  expiresAt: string;
}

/**
 * Sends invitation e-mails through SMTP_URL. Without it nothing is sent and the site shows the
 * link to copy. A failed send never loses the invitation: `send` answers false and logs why.
 */
export class InvitationMailer {
  private transport: { sendMail(mail: Record<string, unknown>): Promise<unknown>; close(): void } | undefined;

  constructor(
    private readonly options: { smtpUrl: string | undefined; from: string; log: FastifyBaseLogger },
  ) {}

  get enabled(): boolean {
    return this.options.smtpUrl !== undefined;
  }

  async send(mail: InvitationMail): Promise<boolean> {
    if (!this.options.smtpUrl) return false;
    try {
      await this.transportFor(this.options.smtpUrl).sendMail({
        from: this.options.from,
        to: mail.to,
        subject: `You are invited to ${mail.workspaceName} on RQ Codes`,
        text: invitationText(mail),
      });
      return true;
    } catch (error) {
      // The caller answers `mailed: false` and shows the link; the operator needs to know why.
      this.options.log.warn({ err: error, invitation: mail.invitationId }, 'invitation e-mail not sent');
      return false;
    }
  }

  close(): void {
    this.transport?.close();
  }

  private transportFor(smtpUrl: string) {
    if (!this.transport) {
      // Loaded with the first mail: a server without SMTP never holds nodemailer.
      const nodemailer = loadOnUse('nodemailer') as typeof import('nodemailer');
      // Short timeouts: the request that invites waits for the mail server, and a silent one must
      // not hold it for minutes (the invitation is made either way).
      this.transport = nodemailer.createTransport({
        url: smtpUrl,
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 20_000,
      }) as unknown as NonNullable<InvitationMailer['transport']>;
    }
    return this.transport;
  }
}

/** Plain text: readable in every client, and the link is the whole point. */
export function invitationText(mail: InvitationMail): string {
  return [
    `${mail.inviter} invited you to the workspace "${mail.workspaceName}" on RQ Codes as ${mail.role}.`,
    '',
    'Accept the invitation (sign in with this e-mail address):',
    mail.url,
    '',
    `The link works until ${mail.expiresAt}. If you did not expect this, ignore this e-mail.`,
  ].join('\n');
}
