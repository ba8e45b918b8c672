import type { HttpUrlCheck } from '../../shared/http-url.js';
import type { FieldError } from '../../shared/problem.js';
import { linkTypeFitsLinkset } from './gs1.resolve.js';
import { aiDefinition } from './gs1.syntax.js';
import { encodeComponent, type Gs1Element, validateIdentifiers } from './gs1.uri.js';

/**
 * Checks of an item as the API and the importer take it, each fault at its field path. Pure: the
 * URL check is handed in (the product's normalizeHttpUrl with its own-short-URL test).
 */

/** A qualifier value written '{name}': it covers every value and fills {name} in hrefs. */
export const TEMPLATE_VALUE = /^\{([A-Za-z0-9_]+)\}$/;
const PLACEHOLDER = /\{([A-Za-z0-9_]+)\}/g;

/** The keys a company-prefix item may cover (SSCC, GRAI, GIAI) and how long the prefix may be. */
const PREFIX_KEYS: Readonly<Record<string, { max: number }>> = {
  '00': { max: 17 },
  '8003': { max: 13 },
  '8004': { max: 29 },
};

export interface LinkInput {
  linkType: string;
  href: string;
  title: string;
  type?: string | undefined;
  hreflang?: string[] | undefined;
  context?: string[] | undefined;
}

export interface LevelInput {
  qualifiers: Gs1Element[];
  itemDescription?: string | null | undefined;
  defaultLinkType?: string | null | undefined;
  links: LinkInput[];
}

export type UrlCheck = (url: string) => HttpUrlCheck;

/** A value that passes the AI's format, to check a template level's structure (order, pairing). */
function sampleValue(ai: string): string {
  const definition = aiDefinition(ai);
  if (!definition) return '1';
  return definition.components
    .filter((c) => !c.optional)
    .map((c) => (c.cset === 'N' ? '0' : 'A').repeat(Math.max(1, c.minLength)))
    .join('');
}

const VALUE_FAULTS = new Set([
  'invalid_length',
  'invalid_character',
  'check_digit',
  'invalid_value',
  'empty_value',
]);

/** The primary key, checked as a scanned URI's would be; a company prefix by its own rule. */
export function primaryKeyErrors(key: Gs1Element, prefix: boolean, path: string): FieldError[] {
  if (prefix) {
    const rule = PREFIX_KEYS[key.ai];
    if (!rule) {
      return [
        {
          path: `${path}/ai`,
          message: 'a company prefix covers SSCCs (00), GRAIs (8003) or GIAIs (8004) only',
        },
      ];
    }
    if (!/^[0-9]+$/.test(key.value) || key.value.length < 4 || key.value.length > rule.max) {
      return [{ path: `${path}/value`, message: `must be a GS1 Company Prefix: 4 to ${rule.max} digits` }];
    }
    return [];
  }
  const error = validateIdentifiers({ primaryKey: key, qualifiers: [], attributes: [], stem: '' });
  if (!error) return [];
  return [{ path: error.ai === key.ai ? `${path}/value` : path, message: error.message }];
}

/** A level's qualifiers: their order and pairing as the URI syntax has them; template values pass. */
function qualifierErrors(
  key: Gs1Element,
  prefix: boolean,
  qualifiers: Gs1Element[],
  path: string,
): FieldError[] {
  const templated = new Set(qualifiers.filter((q) => TEMPLATE_VALUE.test(q.value)).map((q) => q.ai));
  const checked = qualifiers.map((q) =>
    TEMPLATE_VALUE.test(q.value) ? { ai: q.ai, value: sampleValue(q.ai) } : q,
  );
  // A company prefix stands for whole keys: check the structure with a whole key of its AI.
  const primaryKey = prefix ? { ai: key.ai, value: sampleValue(key.ai) } : key;
  const error = validateIdentifiers({ primaryKey, qualifiers: checked, attributes: [], stem: '' });
  if (!error) return [];
  if (error.ai !== undefined && templated.has(error.ai) && VALUE_FAULTS.has(error.code)) return [];
  if (prefix && error.ai === key.ai && VALUE_FAULTS.has(error.code)) return [];
  const index = qualifiers.findIndex((q) => q.ai === error.ai);
  return [{ path: index >= 0 ? `${path}/${index}` : path, message: error.message }];
}

/** The qualifiers as a path: a level's identity within its item ('' for the primary key). */
export function qualifierPath(qualifiers: readonly Gs1Element[]): string {
  return qualifiers.map((q) => `/${q.ai}/${encodeComponent(q.value, false)}`).join('');
}

const LANGUAGE_TAG = /^[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8})*$/;
const MEDIA_TYPE = /^[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]*\/[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]*$/;
const ABSOLUTE_URI = /^[A-Za-z][A-Za-z0-9+.-]*:\S+$/;

/**
 * An href as stored: normalised like every URL we store, its placeholders kept as written (the
 * WHATWG serialisation would percent-encode their braces in a path).
 */
export function normalizedHref(
  href: string,
  bound: ReadonlySet<string>,
  checkUrl: UrlCheck,
): { ok: true; href: string } | { ok: false; message: string } {
  const names: string[] = [];
  const masked = href.replace(PLACEHOLDER, (_whole, name: string) => {
    names.push(name);
    return `rqgs1placeholder${names.length - 1}x`;
  });
  const unbound = names.find((name) => !bound.has(name));
  if (unbound !== undefined) {
    return { ok: false, message: `{${unbound}} names no template value of this level` };
  }
  const checked = checkUrl(masked);
  if (!checked.ok) return checked;
  const restored = checked.url.replace(
    /rqgs1placeholder(\d+)x/g,
    (_whole, i: string) => `{${names[Number(i)]}}`,
  );
  return { ok: true, href: restored };
}

function linkErrors(
  link: LinkInput,
  bound: ReadonlySet<string>,
  path: string,
  checkUrl: UrlCheck,
): FieldError[] {
  const errors: FieldError[] = [];
  const linkType = link.linkType.trim();
  if (!/^gs1:[A-Za-z][A-Za-z0-9]*$/.test(linkType) && !ABSOLUTE_URI.test(linkType)) {
    errors.push({
      path: `${path}/linkType`,
      message: "must be a GS1 link type ('gs1:pip') or an absolute URI",
    });
  } else if (/^gs1:/i.test(linkType) && !linkTypeFitsLinkset(linkType)) {
    errors.push({ path: `${path}/linkType`, message: 'is not a link type a GS1 linkset can carry' });
  }
  const href = normalizedHref(link.href, bound, checkUrl);
  if (!href.ok) errors.push({ path: `${path}/href`, message: href.message });
  if (link.title.trim() === '') errors.push({ path: `${path}/title`, message: 'must not be blank' });
  if (link.type !== undefined && !MEDIA_TYPE.test(link.type)) {
    errors.push({ path: `${path}/type`, message: "must be a media type such as 'text/html'" });
  }
  for (const [i, tag] of (link.hreflang ?? []).entries()) {
    if (!LANGUAGE_TAG.test(tag)) {
      errors.push({
        path: `${path}/hreflang/${i}`,
        message: "must be a BCP 47 language tag such as 'en' or 'en-GB'",
      });
    }
  }
  for (const [i, context] of (link.context ?? []).entries()) {
    if (context.trim() === '') errors.push({ path: `${path}/context/${i}`, message: 'must not be blank' });
  }
  return errors;
}

/** Every fault of one level (the primary key's when `qualifiers` is empty), at paths under `path`. */
export function levelErrors(
  key: Gs1Element,
  prefix: boolean,
  level: LevelInput,
  path: string,
  linksPath: string,
  checkUrl: UrlCheck,
): FieldError[] {
  const errors: FieldError[] = [];
  if (level.qualifiers.length > 0) {
    errors.push(...qualifierErrors(key, prefix, level.qualifiers, `${path}/qualifiers`));
  }
  const bound = new Set<string>();
  if (prefix) bound.add('1');
  for (const q of level.qualifiers) {
    const name = TEMPLATE_VALUE.exec(q.value)?.[1];
    if (name !== undefined) bound.add(name);
  }
  for (const [i, link] of level.links.entries())
    errors.push(...linkErrors(link, bound, `${linksPath}/${i}`, checkUrl));
  const defaultType = level.defaultLinkType?.trim();
  if (defaultType) {
    const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
    const normal = (t: string) => t.replace(/^gs1:/i, 'https://gs1.org/voc/');
    if (!level.links.some((link) => same(normal(link.linkType.trim()), normal(defaultType)))) {
      errors.push({ path: `${path}/defaultLinkType`, message: 'names no link type of this level' });
    }
  }
  return errors;
}

/** The placeholders a prefix item's or level's hrefs may use, and its hrefs as stored. */
export function storedLinks(level: LevelInput, prefix: boolean, checkUrl: UrlCheck): LinkInput[] {
  const bound = new Set<string>(prefix ? ['1'] : []);
  for (const q of level.qualifiers) {
    const name = TEMPLATE_VALUE.exec(q.value)?.[1];
    if (name !== undefined) bound.add(name);
  }
  return level.links.map((link) => {
    const href = normalizedHref(link.href, bound, checkUrl);
    return {
      ...link,
      linkType: link.linkType.trim(),
      title: link.title.trim(),
      href: href.ok ? href.href : link.href,
    };
  });
}
