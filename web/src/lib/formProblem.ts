import { ApiError } from './api';

/** A problem split for a form: a sentence per field it names, and whatever no field explains. */
export interface FormProblem {
  /** Field path (`/body/rootRedirect`) → the sentence to show next to that field. */
  byField: Record<string, string>;
  /** The error as a whole when some of it belongs to no field of the form; else null. */
  general: unknown;
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
    const sentence = `${label} ${message}.`;
    byField[path] = byField[path] ? `${byField[path]} ${sentence}` : sentence;
  }
  return { byField, general: unplaced ? error : null };
}
