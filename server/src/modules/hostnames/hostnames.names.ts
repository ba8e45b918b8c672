import { isIP } from 'node:net';
import { domainToASCII } from 'node:url';

export type NameCheck = { ok: true; hostname: string } | { ok: false; message: string };

const LABEL = /^[a-z0-9]([a-z0-9-]*[a-z0-9])?$/;

/**
 * A customer's hostname in the one form we store and compare: lower case, punycode (IDNA via
 * WHATWG's domainToASCII), no trailing dot. Refuses what cannot be a customer's own DNS name:
 * IP literals, localhost, single labels, wildcards, underscores, over-long names and labels, and
 * our own hosts and the names under them (`ownHosts`).
 */
export function normalizeHostname(input: string, ownHosts: readonly string[]): NameCheck {
  if (input.includes('*')) return refuse('must not be a wildcard; add each name on its own');
  if (input.includes('_')) return refuse('must not contain underscores');
  if (/^\[.*\]$/.test(input) || isIP(input)) return refuse('must be a DNS name, not an IP address');
  const ascii = domainToASCII(input.replace(/\.$/, ''));
  if (ascii === '') return refuse('is not a valid host name');
  if (isIP(ascii) || /^\d+$/.test(ascii.slice(ascii.lastIndexOf('.') + 1))) {
    return refuse('must be a DNS name, not an IP address');
  }
  if (ascii.length > 253) return refuse('must be at most 253 characters long (in punycode)');
  const labels = ascii.split('.');
  if (labels.some((label) => label.length > 63)) return refuse('has a label longer than 63 characters');
  if (!labels.every((label) => LABEL.test(label))) {
    return refuse(
      'may hold letters, digits and hyphens between dots (a hyphen neither starts nor ends a label)',
    );
  }
  if (ascii === 'localhost' || ascii.endsWith('.localhost')) return refuse('must not be localhost');
  if (labels.length < 2) return refuse('must have at least two labels, such as qr.example.com');
  const own = ownHosts.find((host) => ascii === host || ascii.endsWith(`.${host}`));
  if (own) return refuse(`must not be ${own} or a name under it: that host is ours`);
  return { ok: true, hostname: ascii };
}

function refuse(message: string): NameCheck {
  return { ok: false, message };
}
