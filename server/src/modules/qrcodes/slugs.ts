import { randomInt } from 'node:crypto';
import { Problem } from '../../shared/problem.js';

/**
 * Slugs: the last part of a short URL (`/r/{slug}` on the primary host, `/{slug}` on a custom
 * hostname), the words the site keeps for itself, and the random slug of a code that names none.
 */

export const SLUG_PATTERN = '^[A-Za-z0-9_-]{3,64}$';
const SLUG = new RegExp(SLUG_PATTERN);

/**
 * Words the site and the API use at the top level of the primary host; a code may not take one
 * there. Compared without case, so `API` or `Docs` cannot be mistaken for the site either.
 */
export const RESERVED_SLUGS: readonly string[] = [
  'api',
  'docs',
  'r',
  'tutorials',
  'login',
  'logout',
  'analytics',
  'api-keys',
  'hosts',
  'hostnames',
  'subscriptions',
  'qr-design-tool',
  'codes',
  'rules',
  'designs',
  'increase-limit',
  'increase-redirects-limit',
  'contact-us',
  'terms-of-service',
  'privacy-policy',
  'cookie-policy',
  'markdown-page',
  'assets',
  'img',
  'healthz',
  'readyz',
  'metrics',
  'search',
  'blog',
  'static',
  'internal',
  'favicon.ico',
  'robots.txt',
  'sitemap.xml',
  'manifest.json',
  '404',
  '404.html',
  'index.html',
];

const RESERVED = new Set(RESERVED_SLUGS.map((word) => word.toLowerCase()));

export function isValidSlug(slug: string): boolean {
  return SLUG.test(slug);
}

/** Reserved words apply to the primary host only (`hostKey` ''): custom hostnames serve nothing else. */
export function isReservedSlug(slug: string, hostKey: string): boolean {
  return hostKey === '' && RESERVED.has(slug.toLowerCase());
}

/** Letters and digits that cannot be mistaken for each other (no 0/O/o, 1/l/I). */
export const SLUG_ALPHABET = '23456789abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ';
export const RANDOM_SLUG_LENGTH = 8;

export function randomSlug(length = RANDOM_SLUG_LENGTH): string {
  let slug = '';
  for (let i = 0; i < length; i++) slug += SLUG_ALPHABET[randomInt(SLUG_ALPHABET.length)];
  return slug;
}

/** A 409 for a reserved word taken as a slug on the primary host. */
export function reservedSlugProblem(slug: string, path = '/body/slug'): Problem {
  return new Problem(
    'conflict',
    `The slug "${slug}" is reserved: the site uses it on the primary host. Choose another, or leave slug out for a random one.`,
    { errors: [{ path, message: 'is reserved on the primary host' }] },
  );
}

/** A 409 for a slug another code has on the same host. */
export function slugTakenProblem(slug: string, hostKey: string, path = '/body/slug'): Problem {
  const where = hostKey === '' ? 'the primary host' : hostKey;
  return new Problem(
    'conflict',
    `The slug "${slug}" is already taken on ${where}. Choose another, or leave slug out for a random one.`,
    { errors: [{ path, message: 'is already taken' }] },
  );
}
