import type { ApiBody } from '@site/src/api/types';

/**
 * Every audit event type (the server's one list, events.types.ts): what the audit log filters by
 * and what webhooks subscribe to, with `scan.created` and `conversion.created`.
 */
export const AUDIT_EVENT_TYPES = [
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
  'gs1_item.created',
  'gs1_item.updated',
  'gs1_item.deleted',
  'conversion_settings.updated',
  'experiment.winner_kept',
] as const;

export type AuditEventType = (typeof AUDIT_EVENT_TYPES)[number];

/** Every type the API takes is listed above: `npm run typecheck` fails on a type left out. */
type UnlistedEventType = Exclude<
  ApiBody<'/api/v1/webhooks', 'post'>['events'][number],
  AuditEventType | 'scan.created' | 'conversion.created' | 'webhook.test'
>;
export const everyEventTypeListed: [UnlistedEventType] extends [never] ? true : UnlistedEventType = true;
