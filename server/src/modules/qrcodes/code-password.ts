import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { validationFailed } from '../../shared/problem.js';

/**
 * A code's password as stored: an scrypt hash with a salt of its own, never the password.
 * `scrypt$<N>$<r>$<p>$<salt base64url>$<hash base64url>`: the cost travels with the hash, so it
 * can be raised later without breaking the hashes stored before.
 *
 * Async on purpose: scrypt runs on libuv's pool, so a hash (tens of ms) never stalls the edge.
 */

const COST = { N: 16_384, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;
const SALT_BYTES = 16;
// 128 * N * r bytes is what scrypt needs; Node's default cap (32 MiB) is just enough, be explicit.
const MAX_MEMORY = 64 * 1024 * 1024;

function derive(password: string, salt: Buffer, cost: { N: number; r: number; p: number }): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, KEY_LENGTH, { ...cost, maxmem: MAX_MEMORY }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/** The stored form of a new password: a fresh salt each time, so equal passwords differ. */
export async function hashCodePassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, COST);
  return ['scrypt', COST.N, COST.r, COST.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** Whether `password` is the one `stored` was made from; false for anything malformed. */
export async function verifyCodePassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || salt === undefined || hash === undefined) return false;
  const cost = { N: Number(n), r: Number(r), p: Number(p) };
  if (!Object.values(cost).every((value) => Number.isInteger(value) && value > 0)) return false;
  const expected = Buffer.from(hash, 'base64url');
  if (expected.length !== KEY_LENGTH) return false;
  try {
    return timingSafeEqual(await derive(password, Buffer.from(salt, 'base64url'), cost), expected);
  } catch {
    return false;
  }
}

const STORED_HASH = /^scrypt\$\d{1,7}\$\d{1,3}\$\d{1,3}\$[A-Za-z0-9_-]{8,64}\$[A-Za-z0-9_-]{40,64}$/;

/** A stored password hash as given by an export, or a 400: nothing else may stand in for one. */
export function storedHashOf(hash: string, path: string): string {
  if (STORED_HASH.test(hash)) return hash;
  throw validationFailed([{ path, message: 'is not a password hash this server made' }]);
}
