import type { ApiBody } from '@site/src/api/types';

/** What the audit log shows of an event: who did it and where its resource lives on the site. */

export interface EventActor {
  type: 'user' | 'apiKey' | 'system';
  id: string;
  email?: string | null;
}

export function actorName(actor: EventActor): string {
  if (actor.type === 'apiKey') return `API key ${actor.id}`;
  if (actor.type === 'system') return `System (${actor.id})`;
  return actor.email || actor.id;
}

/** The event types the filter offers (any other can be typed). */
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

export type AuditEventType = (typeof EVENT_TYPES)[number];

/**
 * Every audit event type the API knows (the server's one list, events.types.ts, as webhooks
 * subscribe to it) is offered above: `npm run typecheck` fails on a type left out.
 */
type UnlistedEventType = Exclude<
  ApiBody<'/api/v1/webhooks', 'post'>['events'][number],
  AuditEventType | 'scan.created' | 'webhook.test'
>;
export const everyEventTypeListed: [UnlistedEventType] extends [never] ? true : UnlistedEventType = true;

/** Where a resource is shown on the site; null for a kind the site has no page for. */
export function resourcePath(resource: { type: string; id: string }, data?: unknown): string | null {
  const object = (data as { object?: { slug?: unknown } } | undefined)?.object;
  switch (resource.type) {
    case 'qrcode':
      // The manager finds a code by its slug; without one in the event, the code's own page.
      return typeof object?.slug === 'string'
        ? `/codes?q=${encodeURIComponent(object.slug)}`
        : `/qr-design-tool?code=${encodeURIComponent(resource.id)}`;
    case 'rule':
      return '/rules';
    case 'hostname':
      return '/hosts';
    case 'apiKey':
    case 'api_key':
    case 'signing_secret':
      return '/api-keys';
    case 'design':
    case 'asset':
      return '/qr-design-tool';
    case 'subscription':
      return '/subscriptions';
    case 'member':
    case 'invitation':
    case 'workspace':
      return '/workspace';
    case 'webhook':
      return null;
    default:
      return null;
  }
}
