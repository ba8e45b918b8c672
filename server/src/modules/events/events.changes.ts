/**
 * Pure helpers that turn a change into an event's `data`. Secrets never enter the log: fields
 * named in `secret` are left out, whatever their values.
 */

export type FieldChanges = Record<string, [unknown, unknown]>;

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/** The fields whose values differ between two states of a resource, as `field: [old, new]`. */
export function changedFields(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  options: { ignore?: readonly string[]; secret?: readonly string[] } = {},
): FieldChanges {
  const skip = new Set([...(options.ignore ?? ['updatedAt']), ...(options.secret ?? [])]);
  const changes: FieldChanges = {};
  for (const field of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (skip.has(field)) continue;
    const old = before[field] ?? null;
    const next = after[field] ?? null;
    if (!same(old, next)) changes[field] = [old, next];
  }
  return changes;
}

/** A resource as an event shows it on create or delete: every field but the secret ones. */
export function withoutSecrets<T extends Record<string, unknown>>(
  object: T,
  secret: readonly string[] = [],
): Record<string, unknown> {
  return Object.fromEntries(Object.entries(object).filter(([field]) => !secret.includes(field)));
}
