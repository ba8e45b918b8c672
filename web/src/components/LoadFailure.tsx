import ProblemMessage from './ProblemMessage';

/**
 * What could not be read, and a button to read it again; nothing while `error` is null. Every page
 * that reads a list or an overview shows its failure this way.
 */
export default function LoadFailure({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  if (error === null) return null;
  return (
    <div>
      <ProblemMessage error={error} />
      <button type="button" className="button button--secondary button--sm" onClick={onRetry}>
        Try loading again
      </button>
    </div>
  );
}
