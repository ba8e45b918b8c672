/** JSON values as merge patches see them. */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

function isObject(value: unknown): value is Record<string, JsonValue> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

// Keys that would reach Object.prototype through a plain object; the JSON parser refuses them
// already, and a patch built in code must not slip them through either.
const UNSAFE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/**
 * RFC 7396 JSON merge patch: objects merge key by key, `null` removes a key, anything else
 * (arrays included) replaces. Neither input is changed.
 */
export function applyMergePatch(target: unknown, patch: unknown): JsonValue | undefined {
  if (!isObject(patch)) return patch as JsonValue;
  const result: Record<string, JsonValue> = isObject(target) ? { ...target } : {};
  for (const [key, value] of Object.entries(patch)) {
    if (UNSAFE_KEYS.has(key)) continue;
    if (value === null) {
      delete result[key];
    } else {
      const merged = applyMergePatch(result[key], value);
      if (merged !== undefined) result[key] = merged;
    }
  }
  return result;
}
