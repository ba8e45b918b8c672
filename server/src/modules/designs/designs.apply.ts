import type { JsonValue } from '../../shared/merge-patch.js';

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The JSON merge patch (RFC 7396) that turns `current` into exactly `next`: what `next` lacks
 * becomes `null` (removed), nested objects at every depth. Applying a design replaces a code's
 * style, while PATCH /qrcodes/{id} merges: this patch makes the merge a replacement.
 */
export function replacingPatch(current: unknown, next: unknown): JsonValue {
  if (!isObject(current) || !isObject(next)) return next as JsonValue;
  const patch: Record<string, JsonValue> = {};
  for (const key of Object.keys(current)) if (!(key in next)) patch[key] = null;
  for (const [key, value] of Object.entries(next)) {
    if (value === undefined) continue;
    patch[key] =
      isObject(current[key]) && isObject(value) ? replacingPatch(current[key], value) : (value as JsonValue);
  }
  return patch;
}
