import type { FieldError } from '../../shared/problem.js';
import { parseIpAddress } from '../rules/ip-address.js';
import { isCountryCode, isHostname, isLanguageTag } from '../rules/rules.validate.js';
import type { SimulateInput } from './simulate.schemas.js';

/**
 * The checks of a simulated scan that its schema cannot make: a field the edge would never see in
 * that form is refused with its path, not quietly read as "unknown" (a scan from `999.1.1.1` would
 * otherwise go to the default target and look like an answer). Pure: no I/O.
 */
export function simulateInputErrors(input: SimulateInput): FieldError[] {
  const errors: FieldError[] = [];
  const refuse = (field: keyof SimulateInput, message: string) =>
    errors.push({ path: `/body/${field}`, message });
  if (input.country !== undefined && !isCountryCode(input.country.toUpperCase()))
    refuse('country', `is not an ISO 3166-1 alpha-2 country code: "${input.country}"`);
  if (input.language !== undefined) {
    const problem = acceptLanguageProblem(input.language);
    if (problem) refuse('language', problem);
  }
  if (input.ip !== undefined && parseIpAddress(input.ip) === null)
    refuse('ip', `must be an IPv4 or IPv6 address ("203.0.113.7", "2001:db8::1"), not "${input.ip}"`);
  if (input.referrer !== undefined && !isReferrer(input.referrer))
    refuse(
      'referrer',
      `must be a URL ("https://example.com/page") or a host ("example.com"), not "${input.referrer}"`,
    );
  return errors;
}

const Q_VALUE = /^q=(?:0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/i;

/**
 * Why a value is no Accept-Language header (RFC 9110, 12.5.4: tags or `*`, each with an optional
 * `;q=` weight, separated by commas), or null when it is one.
 */
function acceptLanguageProblem(value: string): string | null {
  const entries = value.split(',');
  for (const entry of entries) {
    const [range = '', ...parameters] = entry.split(';').map((part) => part.trim());
    if (range !== '*' && !isLanguageTag(range))
      return `must be a language tag ("de-CH") or an Accept-Language value ("de-CH, de;q=0.9"); "${range}" is no language tag`;
    const weight = parameters.find((parameter) => !Q_VALUE.test(parameter));
    if (weight !== undefined)
      return `has a weight that is no q=0 to q=1 (three decimals at most): "${weight}"`;
  }
  return null;
}

/** A Referer as the simulator takes it: an absolute URL with a host, or a bare host name or address. */
function isReferrer(value: string): boolean {
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(value)) return isHostname(value) || parseIpAddress(value) !== null;
  try {
    return new URL(value).hostname !== '';
  } catch {
    return false;
  }
}
