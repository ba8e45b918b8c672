import { Type } from '@sinclair/typebox';

/**
 * A string from a fixed list, as one JSON Schema `enum` rather than a union of literals: a list
 * of thousands of wrong values then costs one error each, not one per allowed value (a union of
 * 48 event types made a 2,000-item array a request that never finished).
 */
export function stringEnum<const T extends readonly string[]>(
  values: T,
  options: { description?: string; default?: T[number]; examples?: unknown[] } = {},
) {
  return Type.Unsafe<T[number]>({ type: 'string', enum: [...values], ...options });
}
