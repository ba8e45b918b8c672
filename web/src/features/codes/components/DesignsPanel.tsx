import Link from '@docusaurus/Link';
import { codeOf, type Design, type QrCode } from '@site/src/api/codes';
import ConfirmDialog from '@site/src/components/ConfirmDialog';
import formStyles from '@site/src/components/Form.module.css';
import ProblemMessage from '@site/src/components/ProblemMessage';
import { rq } from '@site/src/lib/api';
import { useCallback, useEffect, useState } from 'react';
import styles from './Codes.module.css';

/** The colour a design's dots are drawn in, for its swatch (a gradient shows its first stop). */
function swatchOf(design: Design): string {
  const dots = design.style.dots as
    | { color?: string; gradient?: { stops?: { color: string }[] } | null }
    | undefined;
  return dots?.gradient?.stops?.[0]?.color ?? dots?.color ?? '#000000';
}

/**
 * The account's saved designs: apply one to the codes selected below (POST /designs/{id}/apply,
 * which replaces each code's style), open one in the design tool, or delete it.
 */
export default function DesignsPanel({
  selected,
  onApplied,
}: {
  selected: readonly string[];
  onApplied: (codes: QrCode[]) => void;
}) {
  const [designs, setDesigns] = useState<Design[]>([]);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<string | null>(null);
  const [status, setStatus] = useState('');

  const load = useCallback(async () => {
    setLoading(true);
    try {
      setDesigns((await rq.designs.list({ params: { query: { limit: 100 } } })).data);
      setError(null);
    } catch (caught) {
      setError(caught);
    } finally {
      setLoading(false);
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  const apply = async (design: Design) => {
    setBusy(design.id);
    setError(null);
    setStatus('');
    try {
      const answer = await rq.designs.apply({
        params: { path: { id: design.id } },
        body: { codes: [...selected] },
      });
      onApplied(answer.data.map(codeOf));
      setStatus(
        `Applied “${design.name}” to ${answer.data.length} code${answer.data.length === 1 ? '' : 's'}.`,
      );
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(null);
    }
  };

  const remove = async (design: Design) => {
    setBusy(design.id);
    setError(null);
    try {
      await rq.designs.delete({ params: { path: { id: design.id } } });
      setDesigns((current) => current.filter((d) => d.id !== design.id));
      setStatus(`Deleted the design “${design.name}”.`);
      setDeleting(null);
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(null);
    }
  };

  return (
    <section id="designs" aria-labelledby="designs-heading" className={`rq-card ${styles.designs}`}>
      <h2 id="designs-heading">Saved designs</h2>
      {loading && designs.length === 0 && <p className={formStyles.hint}>Loading your designs…</p>}
      {!loading && designs.length === 0 && error === null && (
        <p className={formStyles.hint}>
          No saved designs yet. Make one in the <Link to="/qr-design-tool">design tool</Link> and save it
          there.
        </p>
      )}
      {designs.length > 0 && (
        <>
          <p className={formStyles.hint}>
            {selected.length === 0
              ? 'Select codes below, then apply a design to give them its style.'
              : `${selected.length} code${selected.length === 1 ? '' : 's'} selected.`}
          </p>
          <ul className={styles.designList}>
            {designs.map((design) => (
              <li key={design.id} data-testid="design">
                <span className={styles.swatch} style={{ background: swatchOf(design) }} aria-hidden="true" />
                <span className={styles.designName}>{design.name}</span>
                <span className={formStyles.row}>
                  <button
                    type="button"
                    className="button button--primary button--sm"
                    disabled={selected.length === 0 || busy !== null}
                    onClick={() => void apply(design)}
                  >
                    Apply<span className="sr-only"> {design.name}</span> to selected
                  </button>
                  <button
                    type="button"
                    className="button button--secondary button--sm"
                    onClick={() => setDeleting(design.id)}
                    disabled={busy !== null}
                  >
                    Delete<span className="sr-only"> the design {design.name}</span>
                  </button>
                </span>
                {deleting === design.id && (
                  <ConfirmDialog
                    label={`Delete the design ${design.name}`}
                    confirmText="Delete design"
                    busy={busy === design.id}
                    onConfirm={() => void remove(design)}
                    onCancel={() => setDeleting(null)}
                  >
                    Delete the design “{design.name}”? Codes that have its style keep it.
                  </ConfirmDialog>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
      <ProblemMessage error={error} />
      <p role="status" className={formStyles.hint}>
        {status}
      </p>
    </section>
  );
}
