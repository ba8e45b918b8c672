/**
 * A GS1 item's stored rows read back: as the API shows it (toResource), as a create body again
 * (the export), and as the resolver and the edge read it (toRecord, EdgeGs1Item).
 */
import { toIso } from '../../shared/clock.js';
import { type LinkControls, NO_CONTROLS } from '../qrcodes/link-controls.js';
import { buildLinkset } from './gs1.linkset.js';
import type { StoredItem } from './gs1.repository.js';
import type { Gs1ItemRecord } from './gs1.resolve.js';
import type { Gs1ItemRule } from './gs1.scan-rules.js';
import type { Gs1Item, Gs1ItemCreateBody } from './gs1.schemas.js';
import type { Gs1ItemRow, Gs1LinkRow } from './gs1.table.js';
import { encodeComponent, type Gs1Element } from './gs1.uri.js';
import type { LinkInput } from './gs1.validate.js';

/** What the edge needs of the item covering a scanned key: the record to decide on and whose it is. */
export interface EdgeGs1Item {
  id: string;
  workspaceId: string;
  record: Gs1ItemRecord;
  /** The item's rules, in order (gs1.scan-rules.ts); empty when none. */
  rules: Gs1ItemRule[];
  /** Its link controls; null when it has none (the common case costs one comparison). */
  controls: ItemControls | null;
  /** Counted scans when loaded (0 here; the edge seeds it when a cap or a rule reads the count). */
  countedScans: number;
}

/**
 * The link controls an item takes: the codes' (link-controls.ts) but app targets (a link type
 * says where a phone goes; an app link before the item's links would override an explicit
 * `linkType`, which the standard forbids: a rule on `os` picks an app's link instead) and
 * attribution (conversions credit codes). Stored as JSON; absent fields are null.
 */
export type ItemControls = Pick<
  LinkControls,
  'activeFrom' | 'expiresAt' | 'maxScans' | 'expiredTarget' | 'passwordHash' | 'utm'
>;

// A code's controls less what an item does not take (apps, attribution): every one null.
const { apps: _apps, attribution: _attribution, ...noItemControls } = NO_CONTROLS;
export const ITEM_CONTROLS_NONE: ItemControls = noItemControls;

export function controlsOfRow(row: Gs1ItemRow): ItemControls | null {
  if (row.controls_json === null) return null;
  // Items stored before the password and UTM tags were item controls have neither field.
  return { ...ITEM_CONTROLS_NONE, ...(JSON.parse(row.controls_json) as Partial<ItemControls>) };
}

export function rulesOfRow(row: Gs1ItemRow): Gs1ItemRule[] {
  return row.rules_json === null ? [] : (JSON.parse(row.rules_json) as Gs1ItemRule[]);
}

function controlsView(controls: ItemControls | null): Gs1Item['controls'] {
  const iso = (ms: number | null | undefined) => (ms == null ? null : new Date(ms).toISOString());
  return {
    activeFrom: iso(controls?.activeFrom),
    expiresAt: iso(controls?.expiresAt),
    maxScans: controls?.maxScans ?? null,
    expiredTarget: controls?.expiredTarget ?? null,
    passwordProtected: (controls?.passwordHash ?? null) !== null,
    utm: controls?.utm ?? null,
  };
}

function parseList(json: string | null): string[] | undefined {
  if (json === null) return undefined;
  const list = JSON.parse(json) as string[];
  return list.length > 0 ? list : undefined;
}

/** What a level's links become in a linkset (GS1's schema), each change at the stored field's path. */
function linksetNotes(links: LinkInput[], base: string): Gs1Item['linksetNotes'] {
  return links.flatMap((link, index) =>
    buildLinkset([
      { anchor: 'https://id.gs1.org/01/00000000000000', itemDescription: 'item', links: [link] },
    ]).changes.map((change) => ({
      path: `${base}/links/${index}/${change.field}`,
      from: change.from,
      to: change.to,
      reason: change.reason,
    })),
  );
}

function toLink(row: Gs1LinkRow): LinkInput {
  const hreflang = parseList(row.hreflang_json);
  const context = parseList(row.context_json);
  return {
    linkType: row.link_type,
    href: row.href,
    title: row.title,
    ...(row.type === null ? {} : { type: row.type }),
    ...(hreflang ? { hreflang } : {}),
    ...(context ? { context } : {}),
  };
}

/** An item as its owner wrote it: the primary key's level at the top, the qualified ones in `levels`. */
export function toResource(stored: StoredItem, ownOrigin: string): Gs1Item {
  const { item } = stored;
  const root = stored.levels.find(({ level }) => level.qualifier_path === '');
  const origin = item.host_key === '' ? ownOrigin : `https://${item.host_key}`;
  const levels = stored.levels
    .filter(({ level }) => level.qualifier_path !== '')
    .map(({ level, links }) => ({
      qualifiers: JSON.parse(level.qualifiers_json) as Gs1Element[],
      itemDescription: level.item_description,
      defaultLinkType: level.default_link_type,
      links: links.map(toLink),
    }));
  const rootLinks = (root?.links ?? []).map(toLink);
  return {
    id: item.id,
    primaryKey: { ai: item.primary_ai, value: item.primary_value },
    prefix: item.prefix === 1,
    hostname: item.host_key === '' ? null : item.host_key,
    uri: `${origin}/${item.primary_ai}/${encodeComponent(item.primary_value, false)}`,
    itemDescription: root?.level.item_description ?? null,
    defaultLinkType: root?.level.default_link_type ?? null,
    links: rootLinks,
    levels,
    rules: rulesOfRow(item),
    controls: controlsView(controlsOfRow(item)),
    linksetNotes: [
      ...linksetNotes(rootLinks, ''),
      ...levels.flatMap((level, index) => linksetNotes(level.links, `/levels/${index}`)),
    ],
    createdAt: toIso(item.created_at) as string,
    updatedAt: toIso(item.updated_at) as string,
  };
}

/** An item as the create body that makes it again (its id, times and notes left out). */
export function createBodyOf(item: Gs1Item, passwordHash: string | null): Gs1ItemCreateBody {
  const { activeFrom, expiresAt, maxScans, expiredTarget, utm } = item.controls;
  const controls = Object.fromEntries(
    Object.entries({ activeFrom, expiresAt, maxScans, expiredTarget, utm, passwordHash }).filter(
      ([, value]) => value !== null,
    ),
  );
  return {
    primaryKey: item.primaryKey,
    ...(item.prefix ? { prefix: true } : {}),
    ...(item.hostname ? { hostname: item.hostname } : {}),
    ...(item.itemDescription ? { itemDescription: item.itemDescription } : {}),
    ...(item.defaultLinkType ? { defaultLinkType: item.defaultLinkType } : {}),
    links: item.links,
    levels: item.levels.map((level) => ({
      qualifiers: level.qualifiers,
      ...(level.itemDescription ? { itemDescription: level.itemDescription } : {}),
      ...(level.defaultLinkType ? { defaultLinkType: level.defaultLinkType } : {}),
      links: level.links,
    })),
    ...(item.rules.length > 0 ? { rules: item.rules } : {}),
    ...(Object.keys(controls).length > 0 ? { controls } : {}),
  };
}

/** The record the resolver's pure decision reads. */
export function toRecord(stored: StoredItem): Gs1ItemRecord {
  const { item } = stored;
  return {
    primaryKey: { ai: item.primary_ai, value: item.primary_value },
    ...(item.prefix === 1 ? { prefix: true } : {}),
    levels: stored.levels.map(({ level, links }) => ({
      qualifiers: JSON.parse(level.qualifiers_json) as Gs1Element[],
      ...(level.item_description ? { itemDescription: level.item_description } : {}),
      ...(level.default_link_type ? { defaultLinkType: level.default_link_type } : {}),
      links: links.map(toLink),
    })),
  };
}
