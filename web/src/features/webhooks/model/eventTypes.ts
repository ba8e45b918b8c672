import type { WebhookEventType } from '@site/src/features/webhooks/api/types';
import { AUDIT_EVENT_TYPES } from '@site/src/lib/eventTypes';

/**
 * The event types an endpoint can subscribe to (API.md "Webhooks"): every audit log type and the
 * live stream's `scan.created`, each conversion's `conversion.created` (`webhook.test` is sent by "Send test event" alone), grouped by the resource they are about, so the picker can offer
 * "all of a group". A type the API adds later and this list lacks can still be kept on an endpoint
 * (the picker shows it under "Other").
 */
export const WEBHOOK_EVENT_TYPES = [
  ...AUDIT_EVENT_TYPES,
  'scan.created',
  'conversion.created',
] as const satisfies readonly WebhookEventType[];

/** What each resource is called in the picker, in the order the picker lists them. */
const GROUP_LABELS: Record<string, string> = {
  qrcode: 'QR codes',
  scan: 'Scans',
  rule: 'Rules',
  design: 'Designs',
  asset: 'Design assets',
  hostname: 'Hostnames',
  api_key: 'API keys',
  signing_secret: 'Signing secret',
  member: 'Members',
  invitation: 'Invitations',
  workspace: 'Workspace',
  subscription: 'Subscriptions',
  usage: 'Usage',
  webhook: 'Webhooks',
  conversion: 'Conversions',
  conversion_settings: 'Conversion settings',
  experiment: 'Experiments',
};

export interface EventGroup<T extends string = string> {
  /** The resource part of the types (`qrcode` of `qrcode.created`). */
  resource: string;
  label: string;
  types: T[];
}

function resourceOf(type: string): string {
  return type.split('.')[0] ?? type;
}

/**
 * The types grouped by resource, groups in the picker's order (unknown resources last, by name),
 * types in the order given.
 */
export function groupEventTypes<T extends string>(types: readonly T[]): EventGroup<T>[] {
  const groups = new Map<string, T[]>();
  for (const type of types) {
    const resource = resourceOf(type);
    groups.set(resource, [...(groups.get(resource) ?? []), type]);
  }
  const order = Object.keys(GROUP_LABELS);
  const position = (resource: string) => {
    const index = order.indexOf(resource);
    return index === -1 ? order.length : index;
  };
  return [...groups.entries()]
    .map(([resource, grouped]) => ({ resource, label: GROUP_LABELS[resource] ?? resource, types: grouped }))
    .sort((a, b) => position(a.resource) - position(b.resource) || a.resource.localeCompare(b.resource));
}

/** The picker's groups: the known types, and those an endpoint already has that the list lacks. */
export function pickerGroups<T extends string>(chosen: readonly T[]): EventGroup<T>[] {
  const known = new Set<string>(WEBHOOK_EVENT_TYPES);
  // The known types are of the API's type, which T (the chosen types' type) is in the site.
  const offered = WEBHOOK_EVENT_TYPES as readonly string[] as readonly T[];
  return groupEventTypes([...offered, ...chosen.filter((type) => !known.has(type))]);
}

/** How much of a group is chosen: drives its "all" box (checked, unchecked or mixed). */
export function groupState<T extends string>(
  group: EventGroup<T>,
  chosen: readonly T[],
): 'all' | 'some' | 'none' {
  const count = group.types.filter((type) => chosen.includes(type)).length;
  if (count === 0) return 'none';
  return count === group.types.length ? 'all' : 'some';
}

/** Ticking a group's "all" box: a group not wholly chosen becomes chosen, a whole one is cleared. */
export function toggleGroup<T extends string>(group: EventGroup<T>, chosen: readonly T[]): T[] {
  if (groupState(group, chosen) === 'all') return chosen.filter((type) => !group.types.includes(type));
  return [...chosen, ...group.types.filter((type) => !chosen.includes(type))];
}

export function toggleType<T extends string>(type: T, chosen: readonly T[]): T[] {
  return chosen.includes(type) ? chosen.filter((t) => t !== type) : [...chosen, type];
}

/** The chosen types in the picker's order, as the endpoint is saved and listed. */
export function inPickerOrder<T extends string>(chosen: readonly T[]): T[] {
  return pickerGroups(chosen).flatMap((group) => group.types.filter((type) => chosen.includes(type)));
}
