/**
 * A rule's conditions written as JSON (the rules page's and a GS1 item's `when`): the object, or
 * the sentence the form shows beside the field. `orNull`: JSON `null` is taken too (always).
 */
export function conditionsFromJson<T extends object>(text: string): { when: T } | { error: string };
export function conditionsFromJson<T extends object>(
  text: string,
  options: { orNull: boolean },
): { when: T | null } | { error: string };
export function conditionsFromJson<T extends object>(
  text: string,
  { orNull = false } = {},
): { when: T | null } | { error: string } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { error: 'The conditions are not valid JSON.' };
  }
  if (
    (parsed === null && orNull) ||
    (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed))
  )
    return { when: parsed as T | null };
  return { error: 'The conditions must be a JSON object, such as {"os": ["ios"]}.' };
}
