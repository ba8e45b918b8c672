/**
 * Rules as the form edits them (API.md "Rules"): a list of conditions joined by all or any, each
 * one leaf that may be negated, and an action. Any other shape of `when` (nested combinators) is
 * edited as JSON.
 */

import type { ApiAnswer } from '@site/src/api/types';
import { conditionsFromJson } from '@site/src/lib/conditionsJson';

export const DEVICES = ['mobile', 'tablet', 'desktop'] as const;
export const OSES = ['ios', 'android', 'windows', 'macos', 'linux', 'chromeos'] as const;
export const BROWSERS = ['chrome', 'safari', 'firefox', 'edge', 'opera', 'samsung'] as const;
export const STATUSES = [301, 302, 307, 308] as const;

export const LEAF_KINDS = {
  device: 'Device',
  os: 'Operating system',
  browser: 'Browser',
  language: 'Language',
  country: 'Country',
  hostname: 'Hostname',
  time: 'Time of day',
  date: 'Date',
  scans: 'Scan count',
  query: 'Query parameter',
  referrer: 'Referrer',
  ip: 'IP address',
  bot: 'Bot',
} as const;
export type LeafKind = keyof typeof LEAF_KINDS;

/** Leaves whose value is a list of strings. */
export const LIST_KINDS = [
  'device',
  'os',
  'browser',
  'language',
  'country',
  'hostname',
  'referrer',
  'ip',
] as const;

/** A leaf as the form holds it: every field is text or a list, converted when sent. */
export interface LeafDraft {
  key: number;
  negate: boolean;
  kind: LeafKind;
  list: string[];
  text: string;
  from: string;
  to: string;
  days: number[];
  timeZone: string;
  lt: string;
  gte: string;
  name: string;
  equals: string;
  bot: boolean;
}

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

/** A rule as the API answers it. */
export type Rule = ApiAnswer<'/api/v1/rules/{id}'>;

export interface SplitDraft {
  key: number;
  url: string;
  weight: string;
}

export interface RuleDraft {
  name: string;
  enabled: boolean;
  join: 'all' | 'any';
  leaves: LeafDraft[];
  /** Set when `when` has a shape the leaf form cannot show: the JSON text instead. */
  whenJson: string | null;
  action: 'redirect' | 'split';
  redirect: string;
  split: SplitDraft[];
  sticky: boolean;
  status: number;
  passQuery: boolean;
}

let nextKey = 1;
export const newKey = () => nextKey++;

function defaultTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

export function emptyLeaf(kind: LeafKind = 'device'): LeafDraft {
  return {
    key: newKey(),
    negate: false,
    kind,
    list: [],
    text: '',
    from: kind === 'time' ? '09:00' : '',
    to: kind === 'time' ? '17:00' : '',
    days: [],
    timeZone: kind === 'time' ? defaultTimeZone() : '',
    lt: '',
    gte: '',
    name: '',
    equals: '',
    bot: true,
  };
}

export function emptyRule(): RuleDraft {
  return {
    name: '',
    enabled: true,
    join: 'all',
    leaves: [],
    whenJson: null,
    action: 'redirect',
    redirect: '',
    split: [
      { key: newKey(), url: '', weight: '50' },
      { key: newKey(), url: '', weight: '50' },
    ],
    sticky: true,
    status: 302,
    passQuery: false,
  };
}

const isObject = (value: unknown): value is Record<string, Json> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const splitList = (text: string) =>
  text
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

/** One leaf of the API as a draft; undefined when it is not a leaf the form knows. */
function leafDraft(node: Json): LeafDraft | undefined {
  if (!isObject(node)) return undefined;
  const negate = 'not' in node;
  const inner = negate ? node.not : node;
  if (!isObject(inner)) return undefined;
  const [kind, value] = Object.entries(inner)[0] ?? [];
  if (!kind || !(kind in LEAF_KINDS) || Object.keys(inner).length !== 1) return undefined;
  const leaf = { ...emptyLeaf(kind as LeafKind), negate };
  if ((LIST_KINDS as readonly string[]).includes(kind)) {
    if (!Array.isArray(value)) return undefined;
    leaf.list = value.map(String);
    leaf.text = leaf.list.join(', ');
  } else if (kind === 'bot') {
    leaf.bot = value === true;
  } else if (isObject(value)) {
    const get = (key: string) => (value[key] === undefined ? '' : String(value[key]));
    Object.assign(leaf, {
      from: get('from'),
      to: get('to'),
      timeZone: get('timeZone'),
      days: Array.isArray(value.days) ? value.days.map(Number) : [],
      lt: get('lt'),
      gte: get('gte'),
      name: get('name'),
      equals: get('equals'),
    });
  } else {
    return undefined;
  }
  return leaf;
}

export function draftOf(rule: Rule): RuleDraft {
  const draft = { ...emptyRule(), name: rule.name, enabled: rule.enabled };
  const when = rule.when;
  if (when) {
    const join = 'all' in when ? 'all' : 'any' in when ? 'any' : null;
    const nodes = join ? when[join] : [when];
    const leaves = Array.isArray(nodes) ? nodes.map(leafDraft) : [undefined];
    if (leaves.every((leaf): leaf is LeafDraft => leaf !== undefined) && Object.keys(when).length === 1) {
      draft.join = join ?? 'all';
      draft.leaves = leaves;
    } else {
      draft.whenJson = JSON.stringify(when, null, 2);
    }
  }
  const then = rule.then;
  if (Array.isArray(then.split)) {
    draft.action = 'split';
    draft.split = then.split.map((target) => ({
      key: newKey(),
      url: target.url,
      weight: String(target.weight),
    }));
    draft.sticky = then.sticky === true;
  } else {
    draft.redirect = typeof then.redirect === 'string' ? then.redirect : '';
  }
  draft.status = typeof then.status === 'number' ? then.status : 302;
  draft.passQuery = then.passQuery === true;
  return draft;
}

/** A number typed in a field; text that is not one is sent as is, so the API names the field. */
const numberOf = (text: string): Json =>
  text.trim() !== '' && Number.isFinite(Number(text)) ? Number(text) : text;

function leafValue(leaf: LeafDraft): Json {
  if ((LIST_KINDS as readonly string[]).includes(leaf.kind)) {
    return ['device', 'os', 'browser'].includes(leaf.kind) ? leaf.list : splitList(leaf.text);
  }
  const present = (entries: [string, Json][]) => Object.fromEntries(entries.filter(([, v]) => v !== ''));
  switch (leaf.kind) {
    case 'time':
      return present([
        ['from', leaf.from],
        ['to', leaf.to],
        ['timeZone', leaf.timeZone],
        ...(leaf.days.length > 0 ? [['days', [...leaf.days].sort()] as [string, Json]] : []),
      ]);
    case 'date':
      return present([
        ['from', leaf.from],
        ['to', leaf.to],
        ['timeZone', leaf.timeZone],
      ]);
    case 'scans':
      return present([
        ['lt', leaf.lt === '' ? '' : numberOf(leaf.lt)],
        ['gte', leaf.gte === '' ? '' : numberOf(leaf.gte)],
      ]);
    case 'query':
      return present([
        ['name', leaf.name],
        ['equals', leaf.equals],
      ]);
    case 'bot':
      return leaf.bot;
    default:
      return null;
  }
}

export function leafJson(leaf: LeafDraft): Json {
  const node = { [leaf.kind]: leafValue(leaf) };
  return leaf.negate ? { not: node } : node;
}

/**
 * `when` to send (a JSON object the API checks, or null: always), or an error sentence for JSON
 * that does not parse or is not an object.
 */
export function whenOf(draft: RuleDraft): { when: JsonObject | null } | { error: string } {
  if (draft.whenJson !== null) {
    if (draft.whenJson.trim() === '') return { when: null };
    return conditionsFromJson<JsonObject>(draft.whenJson, { orNull: true });
  }
  if (draft.leaves.length === 0) return { when: null };
  return { when: { [draft.join]: draft.leaves.map(leafJson) } };
}

/** `then` to send: a JSON object the API checks. */
export function thenOf(draft: RuleDraft): JsonObject {
  const common = { status: draft.status, passQuery: draft.passQuery };
  return draft.action === 'redirect'
    ? { redirect: draft.redirect.trim(), ...common }
    : {
        split: draft.split.map((target) => ({ url: target.url.trim(), weight: numberOf(target.weight) })),
        sticky: draft.sticky,
        ...common,
      };
}

/**
 * The merge patch (RFC 7396) that turns `current` into exactly `next`: keys `next` lacks become
 * null. PATCH /rules merges `when` and `then` key by key; this makes the merge a replacement.
 */
export function replacingPatch(current: unknown, next: JsonObject): JsonObject {
  if (!isObject(current)) return next;
  const patch: JsonObject = {};
  for (const key of Object.keys(current)) if (!(key in next)) patch[key] = null;
  for (const [key, value] of Object.entries(next)) {
    const before = current[key];
    patch[key] = isObject(before) && isObject(value) ? replacingPatch(before, value) : value;
  }
  return patch;
}
