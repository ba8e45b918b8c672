import { AUDIT_EVENT_TYPES } from '@site/src/lib/eventTypes';

/** What the audit log shows of an event: who did it and where its resource lives on the site. */

export interface EventActor {
  type: 'user' | 'apiKey' | 'system';
  id: string;
  email?: string | null;
}

/**
 * Who made a change, in words. An API key goes by its name (`keyNames`: the workspace's keys by
 * id, once read); a key missing from them was revoked since, and its id says nothing to a person.
 */
export function actorName(actor: EventActor, keyNames?: ReadonlyMap<string, string>): string {
  if (actor.type === 'apiKey') {
    if (!keyNames) return 'An API key';
    const name = keyNames.get(actor.id);
    return name === undefined ? 'A revoked API key' : `API key “${name}”`;
  }
  if (actor.type === 'system') return `System (${actor.id})`;
  return actor.email || actor.id;
}

/** The event types the filter offers (any other can be typed). */
export const EVENT_TYPES = AUDIT_EVENT_TYPES;

/** Where a resource is shown on the site; null for a kind the site has no page for. */
export function resourcePath(resource: { type: string; id: string }): string | null {
  switch (resource.type) {
    case 'qrcode':
      return `/codes/view?id=${encodeURIComponent(resource.id)}`;
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
      return '/webhooks';
    default:
      return null;
  }
}
