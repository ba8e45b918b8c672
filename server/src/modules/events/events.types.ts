/**
 * Every type of event the audit log records, `<resource>.<what happened>`. The one list: GET
 * /events documents it, webhooks subscribe to it (their enum adds `scan.created` and
 * `webhook.test`). A module that records a new type adds it here.
 */
export const EVENT_TYPES = [
  'qrcode.created',
  'qrcode.updated',
  'qrcode.deleted',
  'qrcode.rules_updated',
  'rule.created',
  'rule.updated',
  'rule.deleted',
  'design.created',
  'design.updated',
  'design.deleted',
  'asset.created',
  'hostname.created',
  'hostname.updated',
  'hostname.deleted',
  'hostname.verified',
  'hostname.verification_failed',
  'api_key.created',
  'api_key.revoked',
  'signing_secret.rotated',
  'member.added',
  'member.updated',
  'member.removed',
  'member.left',
  'invitation.created',
  'invitation.resent',
  'invitation.accepted',
  'invitation.revoked',
  'workspace.created',
  'workspace.updated',
  'workspace.transferred',
  'workspace.deleted',
  'subscription.created',
  'subscription.updated',
  'subscription.cancelled',
  'usage.limit_reached',
  'webhook.created',
  'webhook.updated',
  'webhook.deleted',
  'webhook.secret_rotated',
  'webhook.disabled',
] as const;

export type EventType = (typeof EVENT_TYPES)[number];
