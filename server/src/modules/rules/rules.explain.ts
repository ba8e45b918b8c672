import { isKnownTimeZone, zoneClock } from '../../shared/zoned-time.js';
import { dateBoundInstant, parseDateBound } from './date-bound.js';
import { formatIpAddress, ipInRange, parseIpRange } from './ip-address.js';
import { normalizeHost } from './rule-values.js';
import type { ScanContext } from './rules.context.js';
import { matches } from './rules.matcher.js';
import type { RuleCondition } from './rules.schemas.js';

/**
 * Why a rule's condition does or does not match a scan, in words ("os is android, not ios";
 * "10:30 in Europe/Berlin is outside 09:00-10:00"), for the scan simulator. Whether it matches is
 * always the matcher's answer (rules.matcher.ts), so the words can never disagree with the edge;
 * this only says why. Slow on purpose (strings, Intl): the edge never calls it.
 */

export interface Explained {
  matched: boolean;
  because: string;
}

const WEEKDAYS = ['', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

const either = (values: readonly unknown[]) => values.map(String).join(' or ');
const hhmm = (minuteOfDay: number) =>
  `${String(Math.floor(minuteOfDay / 60)).padStart(2, '0')}:${String(minuteOfDay % 60).padStart(2, '0')}`;

function oneOf(name: string, actual: string | null, wanted: readonly string[], ok: boolean): string {
  const shown = actual ?? 'unknown';
  return ok ? `${name} is ${shown}` : `${name} is ${shown}, not ${either(wanted)}`;
}

function scansBefore(ctx: ScanContext): number {
  return typeof ctx.scansBefore === 'function' ? ctx.scansBefore() : ctx.scansBefore;
}

function explainTime(time: NonNullable<RuleCondition['time']>, ctx: ScanContext, ok: boolean): string {
  const window = `${time.from ?? '00:00'}-${time.to ?? '24:00'}`;
  if (!isKnownTimeZone(time.timeZone))
    return `the time zone ${time.timeZone} is not known, so it never matches`;
  const wall = zoneClock(time.timeZone).at(ctx.now);
  const when = `${WEEKDAYS[wall.isoWeekday]} ${hhmm(wall.minuteOfDay)} in ${time.timeZone}`;
  const days = time.days ? ` on ${time.days.map((d) => WEEKDAYS[d]).join(', ')}` : '';
  return `${when} is ${ok ? 'inside' : 'outside'} ${window}${days}`;
}

function explainDate(date: NonNullable<RuleCondition['date']>, ctx: ScanContext, ok: boolean): string {
  const timeZone = date.timeZone ?? 'UTC';
  const at = new Date(ctx.now).toISOString().replace('.000Z', 'Z');
  const range = `${date.from ?? 'the beginning'} to ${date.to ?? 'the end'} (${timeZone})`;
  if (ok) return `${at} is within ${range}`;
  const from = date.from === undefined ? null : parseDateBound(date.from);
  if (from && isKnownTimeZone(timeZone) && ctx.now < dateBoundInstant(from, 'from', timeZone))
    return `${at} is before ${date.from} (${timeZone})`;
  return `${at} is not within ${range}`;
}

function explainLeaf(node: RuleCondition, ctx: ScanContext, ok: boolean): string {
  if (node.device) return oneOf('device', ctx.device, node.device, ok);
  if (node.os) return oneOf('os', ctx.os, node.os, ok);
  if (node.browser) return oneOf('browser', ctx.browser, node.browser, ok);
  if (node.language) {
    const preferred = ctx.languages[0];
    if (preferred === undefined) return `no language was sent, not ${either(node.language)}`;
    return oneOf('language', preferred, node.language, ok);
  }
  if (node.country) return oneOf('country', ctx.country, node.country, ok);
  if (node.hostname) return oneOf('hostname', ctx.hostname, node.hostname.map(normalizeHost), ok);
  if (node.time) return explainTime(node.time, ctx, ok);
  if (node.date) return explainDate(node.date, ctx, ok);
  if (node.scans) {
    const count = scansBefore(ctx);
    const bounds = [
      node.scans.gte === undefined ? null : `at least ${node.scans.gte}`,
      node.scans.lt === undefined ? null : `fewer than ${node.scans.lt}`,
    ].filter(Boolean);
    return `${count} scans before this one is ${ok ? '' : 'not '}${bounds.join(' and ')}`;
  }
  if (node.query) {
    const { name, equals } = node.query;
    const values = ctx.query.getAll(name);
    if (values.length === 0) return `the query has no ${name}`;
    if (equals === undefined) return `the query has ${name}`;
    return ok ? `query ${name} is ${equals}` : `query ${name} is ${values.join(', ')}, not ${equals}`;
  }
  if (node.referrer) {
    if (ctx.referrerHost === null) return `no referrer was sent, not ${either(node.referrer)}`;
    return ok
      ? `referrer ${ctx.referrerHost} is ${either(node.referrer)} or under it`
      : `referrer is ${ctx.referrerHost}, not ${either(node.referrer)} or under it`;
  }
  if (node.ip) {
    if (ctx.ip === null) return 'the address is unknown';
    const address = formatIpAddress(ctx.ip);
    const inside = node.ip.find((range) => {
      const parsed = parseIpRange(range);
      return parsed !== null && ctx.ip !== null && ipInRange(ctx.ip, parsed);
    });
    return inside ? `address ${address} is in ${inside}` : `address ${address} is not in ${either(node.ip)}`;
  }
  if (node.bot !== undefined) return ctx.bot ? 'the scanner is a bot' : 'the scanner is not a bot';
  return 'an empty condition never matches';
}

/** The condition's verdict (the matcher's) and the reason, in words. */
export function explainCondition(when: RuleCondition | null | undefined, ctx: ScanContext): Explained {
  if (!when) return { matched: true, because: 'the rule has no condition, so it always matches' };
  const matched = matches(when, ctx);
  if (when.all) {
    const parts = when.all.map((child) => explainCondition(child, ctx));
    const failed = parts.filter((part) => !part.matched);
    return {
      matched,
      because: (failed.length > 0 ? failed : parts).map((part) => part.because).join('; '),
    };
  }
  if (when.any) {
    const parts = when.any.map((child) => explainCondition(child, ctx));
    const hit = parts.find((part) => part.matched);
    return { matched, because: hit ? hit.because : parts.map((part) => part.because).join('; ') };
  }
  if (when.not) {
    const inner = explainCondition(when.not, ctx);
    return { matched, because: `not: ${inner.because}` };
  }
  return { matched, because: explainLeaf(when, ctx, matched) };
}
