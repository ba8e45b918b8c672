import { ApiError, type FieldError } from '@site/src/lib/api';

/** The field problems of an API error, or none. */
export function fieldErrorsOf(error: unknown): FieldError[] {
  return error instanceof ApiError ? error.errors : [];
}

/**
 * Sentences for the problems at `prefix` or below it (`/body/when/all/0`), each naming the part
 * of the field it is about ("from must be a time of day as HH:MM").
 */
export function sentencesAt(errors: readonly FieldError[], prefix: string): string[] {
  return errors
    .filter((error) => error.path === prefix || error.path.startsWith(`${prefix}/`))
    .map((error) => {
      const rest = error.path.slice(prefix.length).split('/').filter(Boolean);
      const named = rest.filter((part) => !/^\d+$/.test(part)).pop();
      const index = rest.find((part) => /^\d+$/.test(part));
      const own =
        prefix
          .split('/')
          .filter((part) => part && !/^\d+$/.test(part))
          .pop() ?? 'This';
      const subject = named ? `${named}${index !== undefined ? ` (item ${Number(index) + 1})` : ''}` : own;
      return `${subject} ${error.message}.`;
    });
}

/** Problems no field of the form shows, so they are said once below it. */
export function unplacedErrors(errors: readonly FieldError[], placed: readonly string[]): FieldError[] {
  return errors.filter(
    (error) => !placed.some((prefix) => error.path === prefix || error.path.startsWith(`${prefix}/`)),
  );
}

export function FieldSentences({ id, sentences }: { id?: string; sentences: string[] }) {
  if (sentences.length === 0) return null;
  return (
    <p id={id} className="rq-error" role="alert">
      {sentences.join(' ')}
    </p>
  );
}
