import { ApiError } from './api';

/** A problem split for a form: a sentence per field it names, and whatever no field explains. */
export interface FormProblem {
  /** Field path (`/body/rootRedirect`) → the sentence to show next to that field. */
  byField: Record<string, string>;
  /** The error as a whole when some of it belongs to no field of the form; else null. */
  general: unknown;
}

/**
 * A field problem's message with the API's names of the form's other fields (camelCase, such as
 * `activeFrom`) replaced by their labels: "must be after “Active from”", not "after activeFrom".
 */
export function inFormWords(message: string, labels: Readonly<Record<string, string>>): string {
  const labelOfName = new Map(
    Object.entries(labels).map(([path, label]) => [path.split('/').pop() ?? path, label]),
  );
  return message.replace(/\b[a-z]+[A-Z][A-Za-z]*\b/g, (name) => {
    const label = labelOfName.get(name);
    return label ? `“${label}”` : name;
  });
}

/**
 * Puts each field problem next to its field (`labels` names the form's fields by path, e.g.
 * `{ '/body/hostname': 'Hostname' }`); an answer without field problems stays general.
 */
export function splitProblem(error: unknown, labels: Readonly<Record<string, string>>): FormProblem {
  if (error === null || error === undefined) return { byField: {}, general: null };
  if (!(error instanceof ApiError) || error.errors.length === 0) return { byField: {}, general: error };
  const byField: Record<string, string> = {};
  let unplaced = false;
  for (const { path, message } of error.errors) {
    const label = labels[path];
    if (!label) {
      unplaced = true;
      continue;
    }
    const sentence = `${label} ${inFormWords(message, labels)}.`;
    byField[path] = byField[path] ? `${byField[path]} ${sentence}` : sentence;
  }
  return { byField, general: unplaced ? error : null };
}
