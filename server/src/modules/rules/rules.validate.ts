import { type HttpUrlOptions, normalizeHttpUrl } from '../../shared/http-url.js';
import type { FieldError } from '../../shared/problem.js';
import { isKnownTimeZone } from '../../shared/zoned-time.js';
import { dateBoundInstant, parseDateBound } from './date-bound.js';
import { parseIpRange } from './ip-address.js';
import { timeWindow } from './rule-values.js';
import { RULE_LIMITS, type RuleAction, type RuleCondition } from './rules.schemas.js';
import { normalizeUrlTemplate, parseTemplate } from './url-template.js';

/**
 * The checks a JSON schema cannot make, on a rule that already has the schema's shape. Every
 * problem comes back with a JSON pointer into the request (`/body/when/all/0/ip/1`), so a
 * caller can fix them all in one go. Pure: no I/O, no clock.
 */

// ISO 3166-1 alpha-2, plus XK (Kosovo), which geolocation databases use.
const COUNTRY_CODES = new Set(
  (
    'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV ' +
    'BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ' +
    'ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE ' +
    'IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY ' +
    'MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU ' +
    'NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM ' +
    'SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE ' +
    'VG VI VN VU WF WS XK YE YT ZA ZM ZW'
  ).split(' '),
);

const HOSTNAME =
  /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/i;
const LANGUAGE_TAG = /^[a-z]{2,3}(?:-[a-z0-9]{1,8})*$/i;

export function isCountryCode(code: string): boolean {
  return COUNTRY_CODES.has(code);
}

export function isHostname(host: string): boolean {
  return HOSTNAME.test(host.endsWith('.') ? host.slice(0, -1) : host);
}

/** A well-formed BCP 47 tag (what Intl accepts), e.g. "de", "de-CH", "zh-Hant-TW". */
export function isLanguageTag(tag: string): boolean {
  if (!LANGUAGE_TAG.test(tag)) return false;
  try {
    Intl.getCanonicalLocales(tag);
    return true;
  } catch {
    return false;
  }
}

/** Why a target URL template is refused, or null when it is a fine absolute http(s) URL. */
export function targetUrlProblem(template: string, options: HttpUrlOptions = {}): string | null {
  const { parts, problems } = parseTemplate(template);
  if (problems.length > 0) return (problems[0] as { message: string }).message;
  // A query value is the scanner's to choose: it may never decide the scheme or the host.
  const authority = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i.exec(template)?.[0] ?? '';
  if (authority.includes('{query.')) return 'may not use {query.NAME} in its scheme or host';
  const sample = parts.map((part) => (typeof part === 'string' ? part : 'x')).join('');
  const checked = normalizeHttpUrl(sample, options);
  return checked.ok ? null : checked.message;
}

interface Walk {
  errors: FieldError[];
  leaves: number;
}

function checkList(
  values: readonly string[],
  path: string,
  errors: FieldError[],
  isValid: (value: string) => boolean,
  message: (value: string) => string,
): void {
  values.forEach((value, i) => {
    if (!isValid(value)) errors.push({ path: `${path}/${i}`, message: message(value) });
  });
}

function checkTime(time: NonNullable<RuleCondition['time']>, path: string, errors: FieldError[]): void {
  const { from, to } = timeWindow(time);
  if (from === null) errors.push({ path: `${path}/from`, message: 'must be a time of day, 00:00 to 23:59' });
  if (to === null) errors.push({ path: `${path}/to`, message: 'must be a time of day, 00:00 to 24:00' });
  if (from !== null && to !== null && from === to) {
    errors.push({
      path: `${path}/to`,
      message: 'must differ from `from` (leave out `from` and `to`, or use 00:00 to 24:00, for all day)',
    });
  }
  time.days?.forEach((day, i) => {
    if (!Number.isInteger(day) || day < 1 || day > 7) {
      errors.push({ path: `${path}/days/${i}`, message: 'must be a weekday from 1 (Monday) to 7 (Sunday)' });
    }
  });
  if (time.days && new Set(time.days).size !== time.days.length) {
    errors.push({ path: `${path}/days`, message: 'must not repeat a day' });
  }
  if (!isKnownTimeZone(time.timeZone)) {
    errors.push({ path: `${path}/timeZone`, message: `is not a known IANA time zone: "${time.timeZone}"` });
  }
}

function checkDate(date: NonNullable<RuleCondition['date']>, path: string, errors: FieldError[]): void {
  const timeZone = date.timeZone ?? 'UTC';
  const zoneOk = isKnownTimeZone(timeZone);
  if (!zoneOk)
    errors.push({ path: `${path}/timeZone`, message: `is not a known IANA time zone: "${timeZone}"` });
  const message = 'must be a date (YYYY-MM-DD) or a date-time with an offset (2026-12-24T18:00:00+01:00)';
  const from = date.from === undefined ? undefined : parseDateBound(date.from);
  const to = date.to === undefined ? undefined : parseDateBound(date.to);
  if (from === null) errors.push({ path: `${path}/from`, message });
  if (to === null) errors.push({ path: `${path}/to`, message });
  if (date.from === undefined && date.to === undefined) {
    errors.push({ path, message: 'needs `from`, `to` or both' });
  }
  if (
    from &&
    to &&
    zoneOk &&
    dateBoundInstant(from, 'from', timeZone) >= dateBoundInstant(to, 'to', timeZone)
  ) {
    errors.push({ path: `${path}/to`, message: 'must not be before `from`' });
  }
}

function checkLeaf(node: RuleCondition, key: string, path: string, errors: FieldError[]): void {
  switch (key) {
    case 'language':
      checkList(node.language ?? [], path, errors, isLanguageTag, (v) => `is not a language tag: "${v}"`);
      break;
    case 'country':
      checkList(node.country ?? [], path, errors, isCountryCode, (v) =>
        isCountryCode(v.toUpperCase())
          ? `must be upper case: "${v.toUpperCase()}"`
          : `is not an ISO 3166-1 alpha-2 country code: "${v}"`,
      );
      break;
    case 'hostname':
    case 'referrer':
      checkList(
        (key === 'hostname' ? node.hostname : node.referrer) ?? [],
        path,
        errors,
        isHostname,
        (v) => `is not a hostname: "${v}"`,
      );
      break;
    case 'ip':
      checkList(
        node.ip ?? [],
        path,
        errors,
        (v) => parseIpRange(v) !== null,
        (v) => `is not an IPv4 or IPv6 address or CIDR: "${v}"`,
      );
      break;
    case 'time':
      if (node.time) checkTime(node.time, path, errors);
      break;
    case 'date':
      if (node.date) checkDate(node.date, path, errors);
      break;
    case 'scans': {
      const { lt, gte } = node.scans ?? {};
      if (lt === undefined && gte === undefined) errors.push({ path, message: 'needs `lt`, `gte` or both' });
      if (lt !== undefined && gte !== undefined && gte >= lt) {
        errors.push({ path: `${path}/lt`, message: 'must be greater than `gte`, or nothing ever matches' });
      }
      break;
    }
  }
}

function walkCondition(node: RuleCondition, path: string, depth: number, walk: Walk): void {
  const keys = Object.keys(node);
  if (keys.length !== 1) {
    walk.errors.push({ path, message: 'must have exactly one key: a combinator (all, any, not) or a leaf' });
    return;
  }
  if (depth > RULE_LIMITS.maxDepth) {
    walk.errors.push({ path, message: `nests too deep (at most ${RULE_LIMITS.maxDepth} levels)` });
    return;
  }
  const key = keys[0] as string;
  if (key === 'all' || key === 'any') {
    (node[key] ?? []).forEach((child, i) => {
      walkCondition(child, `${path}/${key}/${i}`, depth + 1, walk);
    });
    return;
  }
  if (key === 'not') {
    if (node.not) walkCondition(node.not, `${path}/not`, depth + 1, walk);
    return;
  }
  walk.leaves++;
  if (walk.leaves === RULE_LIMITS.maxLeaves + 1) {
    walk.errors.push({ path, message: `is one condition too many (at most ${RULE_LIMITS.maxLeaves})` });
  }
  checkLeaf(node, key, `${path}/${key}`, walk.errors);
}

export function validateCondition(when: RuleCondition, path: string): FieldError[] {
  const walk: Walk = { errors: [], leaves: 0 };
  walkCondition(when, path, 1, walk);
  return walk.errors;
}

export function validateAction(then: RuleAction, path: string, options: HttpUrlOptions = {}): FieldError[] {
  const errors: FieldError[] = [];
  const hasRedirect = then.redirect !== undefined;
  const hasSplit = then.split !== undefined;
  if (hasRedirect === hasSplit) {
    errors.push({ path, message: 'needs exactly one of `redirect` and `split`' });
  }
  if (then.sticky !== undefined && !hasSplit) {
    errors.push({ path: `${path}/sticky`, message: 'only applies to `split`' });
  }
  if (then.redirect !== undefined) {
    const problem = targetUrlProblem(then.redirect, options);
    if (problem) errors.push({ path: `${path}/redirect`, message: problem });
  }
  if (then.split) {
    let total = 0;
    then.split.forEach((target, i) => {
      const problem = targetUrlProblem(target.url, options);
      if (problem) errors.push({ path: `${path}/split/${i}/url`, message: problem });
      if (!Number.isInteger(target.weight) || target.weight < 0) {
        errors.push({ path: `${path}/split/${i}/weight`, message: 'must be a whole number from 0 to 100' });
      }
      total += target.weight;
    });
    if (total !== 100) {
      errors.push({ path: `${path}/split`, message: `weights must sum to 100 (they sum to ${total})` });
    }
  }
  return errors;
}

/** Every semantic problem of a rule's condition and action; empty when the rule is sound. */
export function validateRule(
  rule: { when?: RuleCondition | null; then: RuleAction },
  basePath = '/body',
  options: HttpUrlOptions = {},
): FieldError[] {
  return [
    ...(rule.when ? validateCondition(rule.when, `${basePath}/when`) : []),
    ...validateAction(rule.then, `${basePath}/then`, options),
  ];
}

/** A checked action with its URLs in the form we store, so the edge only ever sends ASCII. */
export function normalizeActionUrls(then: RuleAction): RuleAction {
  return {
    ...then,
    ...(then.redirect === undefined ? {} : { redirect: normalizeUrlTemplate(then.redirect) }),
    ...(then.split === undefined
      ? {}
      : { split: then.split.map((target) => ({ ...target, url: normalizeUrlTemplate(target.url) })) }),
  };
}
