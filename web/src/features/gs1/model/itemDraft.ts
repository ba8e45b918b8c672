/**
 * The item form's state and its translation to and from the API: links as rows whose languages and
 * contexts are typed as comma-separated lists, levels as a lot and/or a serial. Pure, so it is unit
 * tested; the components only render it.
 */
import { conditionsFromJson } from '@site/src/lib/conditionsJson';
import { qualifiersOf } from '@site/src/lib/gs1';
import {
  createBodyOf as controlsCreateBodyOf,
  draftOf as controlsDraftOf,
  patchBodyOf as controlsPatchBodyOf,
  type LinkControlsDraft,
} from '@site/src/lib/linkControls';
import type { Gs1Item, Gs1ItemCreate, Gs1ItemPatch, Gs1Link } from '../api/items';

export { checkDigit, gtin14, qualifiersOf } from '@site/src/lib/gs1';

export interface LinkDraft {
  /** A stable key for React while rows are added and removed. */
  key: string;
  linkType: string;
  title: string;
  href: string;
  /** BCP 47 tags, comma-separated ("en, en-GB"). */
  languages: string;
  /** Contexts, comma-separated. */
  contexts: string;
  /** A media type ("text/html"), optional. */
  mediaType: string;
}

export interface LevelDraft {
  key: string;
  /** (10) batch or lot; empty when the level has none. '{lotnumber}' covers every lot. */
  lot: string;
  /** (21) serial number; empty when the level has none. '{serialnumber}' covers every serial. */
  serial: string;
  defaultLinkType: string;
  links: LinkDraft[];
}

/** The conditions the form writes in words; any other condition is kept as JSON. */
export const RULE_LEAVES = [
  { leaf: 'os', label: 'Operating system is', example: 'ios, android' },
  { leaf: 'device', label: 'Device is', example: 'mobile, tablet' },
  { leaf: 'browser', label: 'Browser is', example: 'safari, chrome' },
  { leaf: 'country', label: 'Country is', example: 'DE, AT' },
  { leaf: 'language', label: 'Language is', example: 'de, fr' },
] as const;
export type RuleLeaf = (typeof RULE_LEAVES)[number]['leaf'] | 'json';

/** One rule of the item: a condition and the link it picks (by its href as stored). */
export interface RuleDraft {
  key: string;
  leaf: RuleLeaf;
  /** The leaf's values, comma-separated. */
  values: string;
  /** The whole condition as JSON, for `leaf: 'json'` (the rules API's `when`). */
  json: string;
  href: string;
}

/** The keys a company prefix may cover, with "the rest filled in" (API: `prefix`). */
export const PREFIX_KEYS: ReadonlySet<string> = new Set(['00', '8003', '8004']);

export interface ItemDraft {
  ai: string;
  value: string;
  /** The value is a GS1 Company Prefix covering every key that starts with it (SSCC, GRAI, GIAI). */
  prefix: boolean;
  /** '' for our own hosts, else a verified hostname of the workspace. */
  hostname: string;
  itemDescription: string;
  defaultLinkType: string;
  links: LinkDraft[];
  levels: LevelDraft[];
  rules: RuleDraft[];
  controls: LinkControlsDraft;
}

/** The primary keys the form offers, the GTIN first (the URI syntax defines every one). */
export const PRIMARY_KEYS: ReadonlyArray<{ ai: string; label: string; example: string }> = [
  { ai: '01', label: 'GTIN (01): a trade item', example: '09506000134376' },
  { ai: '414', label: 'GLN (414): a location', example: '9506000134369' },
  { ai: '417', label: 'Party GLN (417)', example: '9506000134369' },
  { ai: '8004', label: 'GIAI (8004): an individual asset', example: '0950600013430000001' },
  { ai: '8003', label: 'GRAI (8003): a returnable asset', example: '09506000134352' },
  { ai: '00', label: 'SSCC (00): a logistic unit', example: '095060001343999999' },
  { ai: '8006', label: 'ITIP (8006): a piece of a trade item', example: '095060001343760102' },
  { ai: '8010', label: 'CPID (8010): a component or part', example: '9506000134' },
  { ai: '8013', label: 'GMN (8013): a model number', example: '1987654Ad4X4bL5ttr2310c2K' },
  { ai: '253', label: 'GDTI (253): a document', example: '9506000134369' },
  { ai: '255', label: 'GCN (255): a coupon', example: '9506000134369' },
  { ai: '401', label: 'GINC (401): a consignment', example: '950600013436901' },
  { ai: '402', label: 'GSIN (402): a shipment', example: '95060001343690123' },
  { ai: '8017', label: 'GSRN (8017): a service provider', example: '950600013436900018' },
  { ai: '8018', label: 'GSRN (8018): a service recipient', example: '950600013436900018' },
];

/** Link types of the GS1 Web Vocabulary that packaging uses most, offered as suggestions. */
export const COMMON_LINK_TYPES: ReadonlyArray<{ value: string; label: string }> = [
  { value: 'gs1:pip', label: 'Product information page' },
  { value: 'gs1:epil', label: 'Electronic patient information leaflet' },
  { value: 'gs1:recipeInfo', label: 'Recipes' },
  { value: 'gs1:nutritionalInfo', label: 'Nutritional information' },
  { value: 'gs1:allergenInfo', label: 'Allergen information' },
  { value: 'gs1:instructions', label: 'Instructions' },
  { value: 'gs1:sustainabilityInfo', label: 'Sustainability information' },
  { value: 'gs1:recyclingInfo', label: 'Recycling information' },
  { value: 'gs1:certificationInfo', label: 'Certification information' },
  { value: 'gs1:recallStatus', label: 'Recall status' },
  { value: 'gs1:registerProduct', label: 'Register the product' },
  { value: 'gs1:productSustainabilityInfo', label: 'Digital product passport' },
  { value: 'gs1:safetyInfo', label: 'Safety information' },
  { value: 'gs1:support', label: 'Support' },
  { value: 'gs1:promotion', label: 'Promotion' },
  { value: 'gs1:review', label: 'Reviews' },
  { value: 'gs1:traceability', label: 'Traceability' },
  { value: 'gs1:whatsInTheBox', label: "What's in the box" },
];

let keys = 0;
const nextKey = () => `k${++keys}`;

export function emptyLink(linkType = 'gs1:pip'): LinkDraft {
  return { key: nextKey(), linkType, title: '', href: '', languages: '', contexts: '', mediaType: '' };
}

/**
 * A new level, its default link type the item's: a level without one answers a plain scan with
 * the item's default link, never its own links (as GS1's reference resolver does).
 */
export function emptyLevel(defaultLinkType = 'gs1:pip'): LevelDraft {
  const linkType = defaultLinkType.trim() || 'gs1:pip';
  return { key: nextKey(), lot: '', serial: '', defaultLinkType: linkType, links: [emptyLink(linkType)] };
}

export function emptyItem(): ItemDraft {
  return {
    ai: '01',
    value: '',
    prefix: false,
    hostname: '',
    itemDescription: '',
    defaultLinkType: 'gs1:pip',
    links: [emptyLink()],
    levels: [],
    rules: [],
    controls: controlsDraftOf(),
  };
}

export function emptyRule(href = ''): RuleDraft {
  return { key: nextKey(), leaf: 'os', values: '', json: '', href };
}

type ItemRule = Gs1Item['rules'][number];

/** A stored rule in the form: a one-leaf list condition in words, anything else as JSON. */
export function ruleDraftOf(rule: ItemRule): RuleDraft {
  const entries = Object.entries(rule.when as Record<string, unknown>);
  const [name, value] = entries[0] ?? [];
  const leaf = RULE_LEAVES.find((known) => known.leaf === name)?.leaf;
  if (entries.length === 1 && leaf && Array.isArray(value) && value.every((v) => typeof v === 'string')) {
    return { key: nextKey(), leaf, values: value.join(', '), json: '', href: rule.href };
  }
  return {
    key: nextKey(),
    leaf: 'json',
    values: '',
    json: JSON.stringify(rule.when, null, 2),
    href: rule.href,
  };
}

/**
 * A rule's conditions as the API takes them, or, for conditions written as JSON that does not
 * parse or is not an object, the sentence the form shows beside them.
 */
function whenOf(draft: RuleDraft): { when: ItemRule['when'] } | { error: string } {
  if (draft.leaf !== 'json') return { when: { [draft.leaf]: listOf(draft.values) } };
  return conditionsFromJson<ItemRule['when']>(draft.json);
}

/**
 * The draft's problems the form finds before sending (rules' JSON conditions), by the field paths
 * the API's answers use, so each shows beside its field as the API's own would.
 */
export function draftProblems(draft: ItemDraft): Record<string, string> {
  const problems: Record<string, string> = {};
  draft.rules.forEach((rule, index) => {
    const when = whenOf(rule);
    if ('error' in when) problems[fieldPath('rules', index, 'when')] = when.error;
  });
  return problems;
}

/** A rule as the API takes it; the form sends none whose conditions have a problem (draftProblems). */
export function ruleOf(draft: RuleDraft): ItemRule {
  const when = whenOf(draft);
  if ('error' in when) throw new Error(when.error);
  return { when: when.when, href: draft.href };
}

/** Every link of the draft (the item's and each level's) by href, for a rule to pick one. */
export function linkChoices(draft: ItemDraft): Array<{ href: string; label: string }> {
  const seen = new Set<string>();
  const choices: Array<{ href: string; label: string }> = [];
  const add = (links: LinkDraft[], where: string) => {
    for (const link of links) {
      const href = link.href.trim();
      if (href === '' || seen.has(href)) continue;
      seen.add(href);
      choices.push({ href, label: `${where}: ${link.title.trim() || link.linkType} (${href})` });
    }
  };
  add(draft.links, 'The item');
  for (const level of draft.levels) add(level.links, levelName(qualifiersOf(level)));
  return choices;
}

/** "en, en-GB ,," → ['en', 'en-GB']. */
export function listOf(text: string): string[] {
  return text
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
}

function linkOf(draft: LinkDraft): Gs1Link {
  const hreflang = listOf(draft.languages);
  const context = listOf(draft.contexts);
  return {
    linkType: draft.linkType.trim(),
    href: draft.href.trim(),
    title: draft.title.trim(),
    ...(draft.mediaType.trim() ? { type: draft.mediaType.trim() } : {}),
    ...(hreflang.length > 0 ? { hreflang } : {}),
    ...(context.length > 0 ? { context } : {}),
  };
}

function linkDraftOf(link: Gs1Link): LinkDraft {
  return {
    key: nextKey(),
    linkType: link.linkType,
    title: link.title,
    href: link.href,
    languages: (link.hreflang ?? []).join(', '),
    contexts: (link.context ?? []).join(', '),
    mediaType: link.type ?? '',
  };
}

function levelsOf(draft: ItemDraft): NonNullable<Gs1ItemCreate['levels']> {
  return draft.levels.map((level) => ({
    qualifiers: qualifiersOf(level),
    ...(level.defaultLinkType.trim() ? { defaultLinkType: level.defaultLinkType.trim() } : {}),
    links: level.links.map(linkOf),
  }));
}

/** The create body (POST /gs1/items). */
export function createBody(draft: ItemDraft): Gs1ItemCreate {
  const controls = controlsCreateBodyOf(draft.controls);
  return {
    primaryKey: { ai: draft.ai, value: draft.value.trim() },
    ...(draft.prefix && PREFIX_KEYS.has(draft.ai) ? { prefix: true } : {}),
    ...(draft.hostname ? { hostname: draft.hostname } : {}),
    ...(draft.itemDescription.trim() ? { itemDescription: draft.itemDescription.trim() } : {}),
    ...(draft.defaultLinkType.trim() ? { defaultLinkType: draft.defaultLinkType.trim() } : {}),
    links: draft.links.map(linkOf),
    levels: levelsOf(draft),
    ...(draft.rules.length > 0 ? { rules: draft.rules.map(ruleOf) } : {}),
    ...(Object.keys(controls).length > 0 ? { controls: controls as Gs1ItemCreate['controls'] } : {}),
  };
}

/**
 * The merge patch (PATCH /gs1/items/{id}): everything the form edits, an emptied field cleared;
 * the link controls only where they differ from the stored ones (the password when set or removed).
 */
export function patchBody(draft: ItemDraft, stored: Gs1Item['controls']): Gs1ItemPatch {
  const controls = controlsPatchBodyOf(draft.controls, stored);
  return {
    hostname: draft.hostname || null,
    itemDescription: draft.itemDescription.trim() || null,
    defaultLinkType: draft.defaultLinkType.trim() || null,
    links: draft.links.map(linkOf),
    levels: levelsOf(draft),
    rules: draft.rules.map(ruleOf),
    ...(Object.keys(controls).length > 0 ? { controls: controls as Gs1ItemPatch['controls'] } : {}),
  };
}

/** The form's state for a stored item. */
export function draftOf(item: Gs1Item): ItemDraft {
  return {
    ai: item.primaryKey.ai,
    value: item.primaryKey.value,
    prefix: item.prefix,
    hostname: item.hostname ?? '',
    itemDescription: item.itemDescription ?? '',
    defaultLinkType: item.defaultLinkType ?? '',
    links: item.links.map(linkDraftOf),
    levels: item.levels.map((level) => ({
      key: nextKey(),
      lot: level.qualifiers.find((q) => q.ai === '10')?.value ?? '',
      serial: level.qualifiers.find((q) => q.ai === '21')?.value ?? '',
      defaultLinkType: level.defaultLinkType ?? '',
      links: level.links.map(linkDraftOf),
    })),
    rules: item.rules.map(ruleDraftOf),
    controls: controlsDraftOf(item.controls),
  };
}

/**
 * Where a problem's field path points in the form: the API's body paths with the item's levels
 * ('/body/levels/0/links/1/href'), kept as they are so fields match them exactly.
 */
export function fieldPath(...parts: Array<string | number>): string {
  return ['/body', ...parts].join('/');
}

/** A level in words: "Lot LOT01, serial {serialnumber}". */
export function levelName(qualifiers: ReadonlyArray<{ ai: string; value: string }>): string {
  if (qualifiers.length === 0) return 'The item itself';
  const words: Record<string, string> = { '10': 'Lot', '21': 'Serial', '22': 'Variant', '235': 'TPX' };
  return qualifiers
    .map((q, index) => {
      const word = words[q.ai] ?? `(${q.ai})`;
      return `${index === 0 ? word : word.toLowerCase()} ${q.value}`;
    })
    .join(', ');
}

/** Whether a qualifier value is a template ('{lotnumber}') that a scan fills with any value. */
export function isTemplate(value: string): boolean {
  return /^\{[A-Za-z0-9_]+\}$/.test(value);
}
