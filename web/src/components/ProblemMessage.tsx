import { ApiError, type FieldError } from '@site/src/lib/api';

/** Sentences for the field paths a form knows, e.g. `{ '/body/scopes': 'Choose at least one scope.' }`. */
export type FieldSentences = Readonly<Record<string, string>>;

/**
 * Sentences for problem codes a page can say better than the API's detail, which is written for
 * API callers (it may name routes and ids): e.g. what to click instead.
 */
export type CodeSentences = Readonly<Record<string, (error: ApiError) => string>>;

/** A field problem the form has no sentence for: its last path segment and the API's message. */
function genericSentence({ path, message }: FieldError): string {
  const field = path.split('/').filter(Boolean).pop() ?? 'The request';
  return `${field.charAt(0).toUpperCase()}${field.slice(1)} ${message}.`;
}

/**
 * A 403 `forbidden` (the workspace role is too weak; the API names the role needed): what to do
 * about it, never a bare status. Pages disable what a role cannot use, so this is the fallback.
 */
function forbiddenSentence(needed: string | undefined): string {
  if (needed === 'owner') return "Only the workspace's owner can do this.";
  if (!needed) return "Your role in this workspace can't do this; ask an admin for a stronger role.";
  const asker = needed === 'admin' ? 'the owner' : 'an admin';
  return `Your role in this workspace can't do this: it needs the ${needed} role; ask ${asker} for it.`;
}

/**
 * What went wrong, in sentences, each said once: a field problem as the form's own sentence for
 * that field, anything else as the server's detail. (The detail of a validation error repeats its
 * field problems, so it is not shown beside them.)
 */
export function problemSentences(
  error: unknown,
  fieldSentences: FieldSentences = {},
  codeSentences: CodeSentences = {},
): string[] {
  if (error instanceof ApiError && error.code === 'forbidden') return [forbiddenSentence(error.role)];
  const ownSentence = error instanceof ApiError ? codeSentences[error.code] : undefined;
  if (ownSentence && error instanceof ApiError) return [ownSentence(error)];
  if (error instanceof ApiError && error.errors.length > 0) {
    const sentences = error.errors.map((field) => fieldSentences[field.path] ?? genericSentence(field));
    return [...new Set(sentences)];
  }
  return [error instanceof Error ? error.message : String(error)];
}

/** An API error in place, as sentences a person can act on. */
export default function ProblemMessage({
  error,
  fieldSentences,
  codeSentences,
}: {
  error: unknown;
  fieldSentences?: FieldSentences;
  codeSentences?: CodeSentences;
}) {
  if (error === null || error === undefined) return null;
  const sentences = problemSentences(error, fieldSentences, codeSentences);
  return (
    <div className="rq-error" role="alert">
      {sentences.length === 1 ? (
        sentences[0]
      ) : (
        <ul>
          {sentences.map((sentence) => (
            <li key={sentence}>{sentence}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
