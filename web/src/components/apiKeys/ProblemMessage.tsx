import { ApiError } from '@site/src/lib/api';

/** An API error in place: the server's own detail, and each field problem with its path. */
export default function ProblemMessage({ error }: { error: unknown }) {
  if (error === null || error === undefined) return null;
  const detail = error instanceof Error ? error.message : String(error);
  const fields = error instanceof ApiError ? error.errors : [];
  return (
    <div className="rq-error" role="alert">
      {detail}
      {fields.length > 0 && (
        <ul>
          {fields.map((field) => (
            <li key={`${field.path}:${field.message}`}>
              <code>{field.path || '/'}</code> {field.message}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
