/**
 * GS1 Digital Link helpers the item manager and the design tool share (issue 46): the GS1 check
 * digit, GTINs made 14 digits, and a lot/serial written as the path's qualifiers. The API checks
 * every key and qualifier itself; these only help a person type them.
 */
import { rq } from './api';
import { useWholeList } from './serverData';

/** The GS1 check digit of a numeric key without it (mod 10, weights 3 and 1 from the right). */
export function checkDigit(digitsWithoutCheck: string): number {
  let sum = 0;
  for (let i = 0; i < digitsWithoutCheck.length; i++) {
    const digit = Number(digitsWithoutCheck[digitsWithoutCheck.length - 1 - i]);
    sum += digit * (i % 2 === 0 ? 3 : 1);
  }
  return (10 - (sum % 10)) % 10;
}

/** A GTIN of 8, 12 or 13 digits as the 14 digits a Digital Link needs; anything else unchanged. */
export function gtin14(value: string): string {
  const digits = value.trim();
  return /^(\d{8}|\d{12}|\d{13})$/.test(digits) ? digits.padStart(14, '0') : digits;
}

/** A level's qualifiers in the standard's order for a GTIN: (10) lot before (21) serial. */
export function qualifiersOf(level: { lot: string; serial: string }): Array<{ ai: string; value: string }> {
  return [
    ...(level.lot.trim() ? [{ ai: '10', value: level.lot.trim() }] : []),
    ...(level.serial.trim() ? [{ ai: '21', value: level.serial.trim() }] : []),
  ];
}

/** The workspace's verified hostnames (where GS1 items may answer), read once; not read while `enabled` is false. */
export function useVerifiedHostnames({ enabled = true } = {}): string[] {
  const all = useWholeList('/hostnames', (page) => rq.hostnames.list({ params: { query: page } }), 1000, {
    enabled,
  });
  return (all.data ?? []).filter((name) => name.status === 'verified').map((name) => name.hostname);
}
